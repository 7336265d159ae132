/**
 * The shop's content through the back office (openapi/admin.yaml, tag content): blog posts, the
 * FAQ, the refund and privacy policies, the company page and its core values, and the contact
 * page's locations, e-mail addresses and social profiles. The role is checked before a handler
 * runs (./permissions.ts); each handler translates to the rules in server/content/
 * (blog-editing.ts, page-editing.ts, ordered-content.ts with the kinds of content-kinds.ts),
 * handing a change the signed-in member's Acting (`requireActing`), whose journal logs it in
 * the change's transaction, and a read the member's shop.
 *
 * After every change the shop's cached answers are forgotten
 * (`app.catalogCache.invalidate`): its listeners drop the server-rendered pages
 * (../pages.ts) and the sitemap files (../seo.ts), and ../cache-sync.ts tells the other API
 * processes on the same PostgreSQL, so the storefront shows the change within a second
 * everywhere. The storefront's content answers (posts, FAQ, policies, company, contact) are
 * read from the database on each request, so nothing else holds them.
 */
import type { FastifyRequest } from 'fastify';
import { getAdminPost, listAdminPosts } from '../../content/blog-admin-read.ts';
import { createPost, deletePost, updatePost } from '../../content/blog-editing.ts';
import {
  coreValueKind,
  emailKind,
  locationKind,
  socialProfileKind,
  faqKind,
} from '../../content/content-kinds.ts';
import {
  type ContentKind,
  createItem,
  deleteItem,
  listItems,
  reorderItems,
  updateItem,
} from '../../content/ordered-content.ts';
import {
  getCompanyPage as companyPage,
  getPolicy as policyOf,
  updateCompanyPage as saveCompanyPage,
  updatePolicy as savePolicy,
} from '../../content/page-editing.ts';
import type { AdminHandlerMap, AdminOperationHandler } from '../contract-types.ts';
import { pageUrl } from '../pagination.ts';
import { changeShop } from './shop-changes.ts';
import { requireStaff } from './staff-auth.ts';

/** GET /blog-posts/?status=&page= -> a page of posts, newest first. */
export const listBlogPosts: AdminOperationHandler<'listBlogPosts'> = async (request) => {
  const page = await listAdminPosts(request.server.db, requireStaff(request).tenantId, {
    status: request.query.status,
    page: request.query.page,
  });
  return {
    count: page.count,
    next: page.hasNext ? pageUrl(request, page.page + 1) : null,
    previous: page.page > 1 ? pageUrl(request, page.page - 1) : null,
    results: page.results,
  };
};

/** POST /blog-posts/ -> 201 the post as saved. */
export const createBlogPost: AdminOperationHandler<'createBlogPost'> = async (request, reply) => {
  const post = await changeShop(request, (db, acting) => createPost(db, acting, request.body));
  reply.code(201);
  return post;
};

/** GET /blog-posts/{post_id}/ -> the post, whatever its status. */
export const getBlogPost: AdminOperationHandler<'getBlogPost'> = async (request) =>
  getAdminPost(request.server.db, requireStaff(request).tenantId, Number(request.params.post_id));

/** PATCH /blog-posts/{post_id}/ -> the post as saved. */
export const updateBlogPost: AdminOperationHandler<'updateBlogPost'> = async (request) =>
  changeShop(request, (db, acting) =>
    updatePost(db, acting, Number(request.params.post_id), request.body),
  );

/** DELETE /blog-posts/{post_id}/ -> 204; 409 for a post that is not a draft. */
export const deleteBlogPost: AdminOperationHandler<'deleteBlogPost'> = async (request, reply) => {
  await changeShop(request, (db, acting) => deletePost(db, acting, Number(request.params.post_id)));
  return reply.code(204).send();
};

/** GET /policies/{document_type}/ -> the policy (empty when not written yet). */
export const getPolicy: AdminOperationHandler<'getPolicy'> = async (request) =>
  policyOf(request.server.db, requireStaff(request).tenantId, request.params.document_type);

/** PUT /policies/{document_type}/ {title, content} -> the policy as saved. */
export const updatePolicy: AdminOperationHandler<'updatePolicy'> = async (request) =>
  changeShop(request, (db, acting) =>
    savePolicy(db, acting, request.params.document_type, request.body),
  );

/** GET /company/ -> the company page with its core values. */
export const getCompanyPage: AdminOperationHandler<'getCompanyPage'> = async (request) =>
  companyPage(request.server.db, requireStaff(request).tenantId);

/** PATCH /company/ -> the company page as saved. */
export const updateCompanyPage: AdminOperationHandler<'updateCompanyPage'> = async (request) =>
  changeShop(request, (db, acting) => saveCompanyPage(db, acting, request.body));

/** GET /contact-info/ -> locations, e-mail addresses and social profiles, each in order. */
export const getContactDetails: AdminOperationHandler<'getContactDetails'> = async (request) => {
  const tenantId = requireStaff(request).tenantId;
  const db = request.server.db;
  const [locations, emails, profiles] = await Promise.all([
    listItems(db, tenantId, locationKind),
    listItems(db, tenantId, emailKind),
    listItems(db, tenantId, socialProfileKind),
  ]);
  return { locations, emails, social_profiles: profiles };
};

/**
 * The five handlers of one ordered list (create, update, delete, reorder, and list when it has
 * a path of its own), over its kind; `idParam` names its path parameter.
 */
function orderedHandlers<Out>(kind: ContentKind<Out>, idParam: string) {
  type Request = FastifyRequest & { body: unknown; params: unknown };
  const idOf = (request: Request) =>
    Number((request.params as Record<string, string | number>)[idParam]);
  return {
    list: async (request: Request) =>
      listItems(request.server.db, requireStaff(request).tenantId, kind),
    create: async (request: Request, reply: { code(status: number): unknown }) => {
      const item = await changeShop(request, (db, acting) =>
        createItem(db, acting, kind, request.body as Record<string, unknown>),
      );
      reply.code(201);
      return item;
    },
    update: async (request: Request) =>
      changeShop(request, (db, acting) =>
        updateItem(db, acting, kind, idOf(request), request.body as Record<string, unknown>),
      ),
    remove: async (request: Request, reply: { code(status: number): { send(): unknown } }) => {
      await changeShop(request, (db, acting) =>
        deleteItem(db, acting, kind as ContentKind<unknown>, idOf(request)),
      );
      return reply.code(204).send();
    },
    reorder: async (request: Request) =>
      changeShop(request, (db, acting) =>
        reorderItems(db, acting, kind, (request.body as { ids?: unknown }).ids),
      ),
  };
}

const faqs = orderedHandlers(faqKind, 'faq_id');
const values = orderedHandlers(coreValueKind, 'value_id');
const locations = orderedHandlers(locationKind, 'location_id');
const emails = orderedHandlers(emailKind, 'email_id');
const profiles = orderedHandlers(socialProfileKind, 'profile_id');

/** The handlers typed one by one from the contract. */
const typedHandlers = {
  listBlogPosts,
  createBlogPost,
  getBlogPost,
  updateBlogPost,
  deleteBlogPost,
  getPolicy,
  updatePolicy,
  getCompanyPage,
  updateCompanyPage,
  getContactDetails,
} satisfies AdminHandlerMap;

/**
 * The ordered lists' handlers: made once over each kind (`orderedHandlers`), so typed by the
 * kind's rules rather than each operation's generated types; the contract validated the body
 * and the path before they run.
 */
const orderedListHandlers = {
  listFaqs: faqs.list,
  createFaq: faqs.create,
  updateFaq: faqs.update,
  deleteFaq: faqs.remove,
  reorderFaqs: faqs.reorder,
  createCoreValue: values.create,
  updateCoreValue: values.update,
  deleteCoreValue: values.remove,
  reorderCoreValues: values.reorder,
  createContactLocation: locations.create,
  updateContactLocation: locations.update,
  deleteContactLocation: locations.remove,
  reorderContactLocations: locations.reorder,
  createContactEmail: emails.create,
  updateContactEmail: emails.update,
  deleteContactEmail: emails.remove,
  reorderContactEmails: emails.reorder,
  createSocialProfile: profiles.create,
  updateSocialProfile: profiles.update,
  deleteSocialProfile: profiles.remove,
  reorderSocialProfiles: profiles.reorder,
} as AdminHandlerMap;

/** The content operations by operationId. */
export const contentHandlers: AdminHandlerMap = { ...typedHandlers, ...orderedListHandlers };
