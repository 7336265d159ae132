/**
 * A blog post's editor: `/content/blog/new` writes one, `/content/blog/$postId` edits one.
 * Title, slug (made from the title when left empty), excerpt, the content with the rich text
 * editor, status, publish date (a date to come keeps a published post off the shop until
 * then) and the featured image (an upload, or removed). A draft can be deleted; a published
 * post is archived instead.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../api/errors';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { fieldsOf, Form } from '../../components/fields';
import { FormButtons } from '../../components/form-buttons';
import { toLocalInput } from '../../components/format';
import { FormNotices, Notice } from '../../components/notice';
import { QueryView } from '../../components/query-view';
import { RichField } from '../../components/rich-field';
import { useServerSubmit } from '../../components/use-server-submit';
import { ImageUpload } from '../photos/image-upload';
import {
  BLOG_STATUSES,
  postQuery,
  STATUS_LABELS,
  useCreatePost,
  useDeletePost,
  useUpdatePost,
  type AdminBlogPost,
} from './api';
import { visibilityOf } from './blog-list-page';
import { postSchema, toPostBody, type PostValues } from './schemas';

const FIELDS = ['title', 'slug', 'excerpt', 'content', 'status', 'published_at'] as const;

export function NewPostPage() {
  return (
    <>
      <title>New post · Content · Back office</title>
      <PostForm post={null} />
    </>
  );
}

export function EditPostPage() {
  const { postId } = useParams({ from: '/_auth/_shell/content/blog/$postId' });
  const id = Number(postId);
  const post = useQuery({ ...postQuery(id), enabled: Number.isSafeInteger(id) && id > 0 });
  if (!Number.isSafeInteger(id) || id <= 0) return <Notice tone="error">No such post.</Notice>;
  return (
    <>
      <title>{`${post.data?.title ?? 'Post'} · Content · Back office`}</title>
      <QueryView query={post} loading="Loading the post…">
        {(data) => <PostForm key={data.id} post={data} />}
      </QueryView>
    </>
  );
}

/** The editor of `post`, or of a new one when null. */
export function PostForm({ post }: { post: AdminBlogPost | null }) {
  const navigate = useNavigate();
  const create = useCreatePost();
  const update = useUpdatePost(post?.id ?? 0);
  const remove = useDeletePost();
  const [saved, setSaved] = useState<string | null>(null);
  const [image, setImage] = useState<{ id: number; url: string } | null>(null);
  const [imageRemoved, setImageRemoved] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const form = useForm<PostValues>({
    resolver: zodResolver(postSchema),
    defaultValues: {
      title: post?.title ?? '',
      slug: post?.slug ?? '',
      excerpt: post?.excerpt ?? '',
      content: post?.content ?? '',
      status: post?.status ?? 'draft',
      published_at: toLocalInput(post?.published_at ?? null),
    },
  });
  const { InputField, SelectField, TextAreaField } = fieldsOf(form);
  const { submit, message } = useServerSubmit(form, FIELDS, async (values) => {
    setSaved(null);
    const body = {
      ...toPostBody(values),
      ...(image
        ? { featured_image_upload_id: image.id }
        : imageRemoved
          ? { featured_image_upload_id: null }
          : {}),
    };
    if (post) {
      const after = await update.mutateAsync(body);
      setImage(null);
      setImageRemoved(false);
      form.reset({
        ...values,
        slug: after.slug,
        published_at: toLocalInput(after.published_at),
      });
      setSaved(`Saved. ${visibilityOf(after)}.`);
    } else {
      const created = await create.mutateAsync(body);
      await navigate({ to: '/content/blog/$postId', params: { postId: String(created.id) } });
    }
  });
  const shownImage = image?.url ?? (imageRemoved ? null : (post?.featured_image ?? null));

  return (
    <section className="panel" aria-labelledby="post-title">
      <p className="small">
        <Link to="/content/blog">← All posts</Link>
      </p>
      <h2 id="post-title">{post ? `Edit "${post.title}"` : 'New post'}</h2>
      {post ? <p className="muted">{visibilityOf(post)}</p> : null}
      <Form form={form} idPrefix="post" onSubmit={submit} aria-labelledby="post-title">
        <FormNotices done={saved} error={message} />
        <InputField name="title" id="post-title-field" label="Title" type="text" />
        <InputField
          name="slug"
          label="Slug"
          hint="The post's address: /blog/your-slug. Left empty, it is made from the title."
          type="text"
          autoCapitalize="none"
          spellCheck={false}
        />
        <TextAreaField
          name="excerpt"
          label="Excerpt"
          hint="A sentence or two for the post cards; plain text."
          rows={3}
        />
        <RichField name="content" label="Content" />
        <div className="grid-2">
          <SelectField name="status" label="Status">
            {BLOG_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </SelectField>
          <InputField
            name="published_at"
            label="Publish date"
            hint="Empty: now, when published. A date to come keeps it off the shop until then."
            type="datetime-local"
          />
        </div>
        <fieldset className="field content-fieldset">
          <legend>Featured image</legend>
          {shownImage ? (
            <p>
              <img src={shownImage} alt="The featured image" width={240} />
            </p>
          ) : (
            <p className="muted small">No featured image.</p>
          )}
          <ImageUpload
            label="Upload a featured image"
            onUploaded={(upload) => {
              setImage({ id: upload.id, url: upload.url });
              setImageRemoved(false);
            }}
          />
          {shownImage ? (
            <button
              type="button"
              className="button button-small"
              onClick={() => {
                setImage(null);
                setImageRemoved(true);
              }}
            >
              Remove the image
            </button>
          ) : null}
        </fieldset>
        <FormButtons busy={form.formState.isSubmitting} label={post ? 'Save' : 'Create post'}>
          {post?.status === 'draft' ? (
            <button
              type="button"
              className="button button-danger"
              onClick={() => setDeleting(true)}
            >
              Delete draft
            </button>
          ) : null}
        </FormButtons>
        {deleteError ? <Notice tone="error">{deleteError}</Notice> : null}
      </Form>
      {deleting && post ? (
        <ConfirmDialog
          title={`Delete "${post.title}"?`}
          confirmLabel="Delete"
          cancelLabel="Keep it"
          pending={remove.isPending}
          onCancel={() => setDeleting(false)}
          onConfirm={() =>
            void remove
              .mutateAsync(post.id)
              .then(() => navigate({ to: '/content/blog' }))
              .catch((error: unknown) => {
                setDeleting(false);
                setDeleteError(errorMessage(error));
              })
          }
        >
          <p>The draft is deleted for good.</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
