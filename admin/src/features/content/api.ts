/**
 * The shop's content (owner and staff): blog posts, the FAQ, the two policies, the company page
 * and the contact information.
 *
 * Queries: `postsQuery(status, page)` (`GET /blog-posts/`, key `['content','posts',status,page]`),
 * `postQuery(id)` (`['content','post',id]`), `faqsQuery` (`['content','faqs']`),
 * `policyQuery(type)` (`['content','policy',type]`), `companyQuery` (`['content','company']`),
 * `contactQuery` (`['content','contact']`).
 *
 * Every mutation stores what the server answers where it can and refreshes what it changed,
 * plus the activity log (each change adds an entry).
 */
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, type Schemas } from '../../api/client';
import { dataOf, getQuery } from '../../api/queries';
import { ACTIVITY_QUERY_KEY } from '../../api/query-keys';

export type AdminBlogPost = Schemas['AdminBlogPost'];
export type AdminBlogPostSummary = Schemas['AdminBlogPostSummary'];
export type BlogPostStatus = Schemas['BlogPostStatus'];
export type AdminFaq = Schemas['AdminFaq'];
export type AdminPolicy = Schemas['AdminPolicy'];
export type PolicyType = Schemas['PolicyType'];
export type AdminCompanyPage = Schemas['AdminCompanyPage'];
export type AdminCoreValue = Schemas['AdminCoreValue'];
export type AdminContactInfo = Schemas['AdminContactInfo'];
export type AdminContactLocation = Schemas['AdminContactLocation'];
export type AdminContactEmail = Schemas['AdminContactEmail'];
export type AdminSocialProfile = Schemas['AdminSocialProfile'];
export type SocialPlatform = Schemas['SocialPlatform'];

/** Posts a page of the list (the server's). */
export const POSTS_PAGE_SIZE = 25;

export const BLOG_STATUSES = [
  'draft',
  'published',
  'archived',
] as const satisfies readonly BlogPostStatus[];
export const STATUS_LABELS: Record<BlogPostStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  archived: 'Archived',
};

export const POLICY_TYPES = [
  'refund_policy',
  'privacy_policy',
  'review_policy',
  'accessibility_statement',
] as const satisfies readonly PolicyType[];
export const POLICY_LABELS: Record<PolicyType, string> = {
  refund_policy: 'Refund policy',
  privacy_policy: 'Privacy policy',
  review_policy: 'Review policy',
  accessibility_statement: 'Accessibility statement',
};

export const SOCIAL_PLATFORMS = [
  'facebook',
  'instagram',
  'linkedin',
  'twitter',
  'youtube',
] as const satisfies readonly SocialPlatform[];
export const PLATFORM_LABELS: Record<SocialPlatform, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  twitter: 'Twitter (X)',
  youtube: 'YouTube',
};

const CONTENT_KEY = ['content'] as const;
const POSTS_KEY = ['content', 'posts'] as const;
const FAQS_KEY = ['content', 'faqs'] as const;
const COMPANY_KEY = ['content', 'company'] as const;
const CONTACT_KEY = ['content', 'contact'] as const;
const policyKey = (type: PolicyType) => ['content', 'policy', type] as const;
const postKey = (id: number) => ['content', 'post', id] as const;

export const postsQuery = (status: BlogPostStatus | undefined, page: number | undefined) =>
  getQuery([...POSTS_KEY, status ?? 'all', page ?? 1] as const, (signal) =>
    dataOf(
      api.GET('/blog-posts/', {
        params: { query: { ...(status ? { status } : {}), ...(page ? { page } : {}) } },
        signal,
      }),
    ),
  );

export const postQuery = (id: number) =>
  getQuery(postKey(id), (signal) =>
    dataOf(api.GET('/blog-posts/{post_id}/', { params: { path: { post_id: id } }, signal })),
  );

export const faqsQuery = () =>
  queryOptions({
    queryKey: FAQS_KEY,
    queryFn: async ({ signal }): Promise<AdminFaq[]> => {
      const { data } = await api.GET('/faqs/', { signal });
      return data ?? [];
    },
  });

export const policyQuery = (type: PolicyType) =>
  getQuery(policyKey(type), (signal) =>
    dataOf(
      api.GET('/policies/{document_type}/', { params: { path: { document_type: type } }, signal }),
    ),
  );

export const companyQuery = () =>
  getQuery(COMPANY_KEY, (signal) => dataOf(api.GET('/company/', { signal })));

export const contactQuery = () =>
  getQuery(CONTACT_KEY, (signal) => dataOf(api.GET('/contact-info/', { signal })));

/** Refreshes `key` and the activity log. */
function refresh(queryClient: QueryClient, key: readonly unknown[]) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: key }),
    queryClient.invalidateQueries({ queryKey: ACTIVITY_QUERY_KEY }),
  ]);
}

// ---- Blog posts ----

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: Schemas['BlogPostCreate']): Promise<AdminBlogPost> => {
      const { data } = await api.POST('/blog-posts/', { body });
      return data as AdminBlogPost;
    },
    onSuccess: (post) => {
      queryClient.setQueryData(postKey(post.id), post);
      return refresh(queryClient, POSTS_KEY);
    },
  });
}

export function useUpdatePost(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: Schemas['BlogPostUpdate']): Promise<AdminBlogPost> => {
      const { data } = await api.PATCH('/blog-posts/{post_id}/', {
        params: { path: { post_id: id } },
        body,
      });
      return data as AdminBlogPost;
    },
    onSuccess: (post) => {
      queryClient.setQueryData(postKey(post.id), post);
      return refresh(queryClient, POSTS_KEY);
    },
  });
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.DELETE('/blog-posts/{post_id}/', { params: { path: { post_id: id } } });
      return id;
    },
    onSuccess: (id) => {
      queryClient.removeQueries({ queryKey: postKey(id) });
      return refresh(queryClient, POSTS_KEY);
    },
  });
}

// ---- Policies and the company page ----

export function useSavePolicy(type: PolicyType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: Schemas['PolicyUpdate']): Promise<AdminPolicy> => {
      const { data } = await api.PUT('/policies/{document_type}/', {
        params: { path: { document_type: type } },
        body,
      });
      return data as AdminPolicy;
    },
    onSuccess: (policy) => {
      queryClient.setQueryData(policyKey(type), policy);
      return refresh(queryClient, ACTIVITY_QUERY_KEY);
    },
  });
}

export function useSaveCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: Schemas['CompanyPageUpdate']): Promise<AdminCompanyPage> => {
      const { data } = await api.PATCH('/company/', { body });
      return data as AdminCompanyPage;
    },
    onSuccess: (page) => {
      queryClient.setQueryData(COMPANY_KEY, page);
      return refresh(queryClient, ACTIVITY_QUERY_KEY);
    },
  });
}

// ---- Ordered lists: the FAQ, core values, locations, e-mails, social profiles ----

/**
 * What an ordered list's screen calls: add, change, delete and reorder its items. `key` is the
 * query that holds the list (refreshed after each change).
 */
export interface OrderedListApi<Item, Create, Update> {
  create(body: Create): Promise<Item>;
  update(id: number, body: Update): Promise<Item>;
  remove(id: number): Promise<void>;
  reorder(ids: number[]): Promise<unknown>;
  key: readonly unknown[];
}

export const faqApi: OrderedListApi<AdminFaq, Schemas['FaqCreate'], Schemas['FaqUpdate']> = {
  key: FAQS_KEY,
  create: async (body) => (await api.POST('/faqs/', { body })).data as AdminFaq,
  update: async (id, body) =>
    (await api.PATCH('/faqs/{faq_id}/', { params: { path: { faq_id: id } }, body }))
      .data as AdminFaq,
  remove: async (id) => {
    await api.DELETE('/faqs/{faq_id}/', { params: { path: { faq_id: id } } });
  },
  reorder: async (ids) => (await api.PUT('/faqs/order/', { body: { ids } })).data,
};

export const coreValueApi: OrderedListApi<
  AdminCoreValue,
  Schemas['CoreValueCreate'],
  Schemas['CoreValueUpdate']
> = {
  key: COMPANY_KEY,
  create: async (body) =>
    (await api.POST('/company/core-values/', { body })).data as AdminCoreValue,
  update: async (id, body) =>
    (
      await api.PATCH('/company/core-values/{value_id}/', {
        params: { path: { value_id: id } },
        body,
      })
    ).data as AdminCoreValue,
  remove: async (id) => {
    await api.DELETE('/company/core-values/{value_id}/', { params: { path: { value_id: id } } });
  },
  reorder: async (ids) => (await api.PUT('/company/core-values/order/', { body: { ids } })).data,
};

export const locationApi: OrderedListApi<
  AdminContactLocation,
  Schemas['ContactLocationCreate'],
  Schemas['ContactLocationUpdate']
> = {
  key: CONTACT_KEY,
  create: async (body) =>
    (await api.POST('/contact-info/locations/', { body })).data as AdminContactLocation,
  update: async (id, body) =>
    (
      await api.PATCH('/contact-info/locations/{location_id}/', {
        params: { path: { location_id: id } },
        body,
      })
    ).data as AdminContactLocation,
  remove: async (id) => {
    await api.DELETE('/contact-info/locations/{location_id}/', {
      params: { path: { location_id: id } },
    });
  },
  reorder: async (ids) => (await api.PUT('/contact-info/locations/order/', { body: { ids } })).data,
};

export const emailApi: OrderedListApi<
  AdminContactEmail,
  Schemas['ContactEmailCreate'],
  Schemas['ContactEmailUpdate']
> = {
  key: CONTACT_KEY,
  create: async (body) =>
    (await api.POST('/contact-info/emails/', { body })).data as AdminContactEmail,
  update: async (id, body) =>
    (
      await api.PATCH('/contact-info/emails/{email_id}/', {
        params: { path: { email_id: id } },
        body,
      })
    ).data as AdminContactEmail,
  remove: async (id) => {
    await api.DELETE('/contact-info/emails/{email_id}/', { params: { path: { email_id: id } } });
  },
  reorder: async (ids) => (await api.PUT('/contact-info/emails/order/', { body: { ids } })).data,
};

export const socialApi: OrderedListApi<
  AdminSocialProfile,
  Schemas['SocialProfileCreate'],
  Schemas['SocialProfileUpdate']
> = {
  key: CONTACT_KEY,
  create: async (body) =>
    (await api.POST('/contact-info/social-profiles/', { body })).data as AdminSocialProfile,
  update: async (id, body) =>
    (
      await api.PATCH('/contact-info/social-profiles/{profile_id}/', {
        params: { path: { profile_id: id } },
        body,
      })
    ).data as AdminSocialProfile,
  remove: async (id) => {
    await api.DELETE('/contact-info/social-profiles/{profile_id}/', {
      params: { path: { profile_id: id } },
    });
  },
  reorder: async (ids) =>
    (await api.PUT('/contact-info/social-profiles/order/', { body: { ids } })).data,
};

/**
 * The mutations of one ordered list: each refreshes the list's query and the activity log.
 */
export function useOrderedList<Item, Create, Update>(list: OrderedListApi<Item, Create, Update>) {
  const queryClient = useQueryClient();
  const done = () => refresh(queryClient, list.key);
  return {
    create: useMutation({ mutationFn: (body: Create) => list.create(body), onSuccess: done }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: Update }) => list.update(id, body),
      onSuccess: done,
    }),
    remove: useMutation({ mutationFn: (id: number) => list.remove(id), onSuccess: done }),
    reorder: useMutation({ mutationFn: (ids: number[]) => list.reorder(ids), onSuccess: done }),
  };
}

/** Every content query (for a test or a sign-out). */
export const CONTENT_QUERY_KEY = CONTENT_KEY;
