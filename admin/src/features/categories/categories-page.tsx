/**
 * Categories (`/categories`): the shop's categories in the order its menu shows them, each with
 * its address and how many products it holds, its home page tile's photo, and Edit, Tile photo
 * (chosen from the shop's photos), Move up, Move down and Delete (after a
 * confirm step; the server refuses a category that still holds products, and its words show).
 * "Add a category" opens the form at the top. The form: the name, the address (made from the
 * name when left empty) and the description, written with the rich text editor and cleaned by
 * the server on save. One form is open at a time; every change shows on the storefront within
 * a second.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../api/errors';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { fieldsOf, Form } from '../../components/fields';
import { FormButtons } from '../../components/form-buttons';
import { ErrorNotice, Loading, Notice } from '../../components/notice';
import { RichField } from '../../components/rich-field';
import { useServerSubmit } from '../../components/use-server-submit';
import { useSingleFlight } from '../../components/use-single-flight';
import { PhotoPicker } from '../photos/photo-picker';
import {
  categoriesQuery,
  useCategoryMutations,
  useSetCategoryImage,
  type AdminCategory,
} from './api';
import { categorySchema, type CategoryValues } from './schemas';

type Message = { tone: 'error' | 'success'; text: string };

export function CategoriesPage() {
  const categories = useQuery(categoriesQuery());
  const mutations = useCategoryMutations();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [removing, setRemoving] = useState<AdminCategory | null>(null);
  const [picturing, setPicturing] = useState<AdminCategory | null>(null);
  const setImage = useSetCategoryImage();
  const [message, setMessage] = useState<Message | null>(null);
  const once = useSingleFlight();

  const items = categories.data ?? [];
  const move = (index: number, by: -1 | 1) =>
    void once(async () => {
      const ids = items.map((c) => c.id);
      const [moved] = ids.splice(index, 1);
      ids.splice(index + by, 0, moved!);
      setMessage(null);
      try {
        await mutations.reorder.mutateAsync(ids);
      } catch (error) {
        setMessage({ tone: 'error', text: errorMessage(error) });
      }
    });
  const remove = () =>
    void once(async () => {
      if (!removing) return;
      setMessage(null);
      try {
        await mutations.remove.mutateAsync(removing.id);
        setMessage({ tone: 'success', text: `The category “${removing.name}” was deleted.` });
      } catch (error) {
        setMessage({ tone: 'error', text: errorMessage(error) });
      }
      setRemoving(null);
    });
  const done = (text: string) => {
    setEditing(null);
    setMessage({ tone: 'success', text });
  };

  return (
    <>
      <title>Categories · Back office</title>
      <div className="page-head">
        <h1>Categories</h1>
        {editing !== 'new' ? (
          <button
            type="button"
            className="button button-primary"
            onClick={() => {
              setMessage(null);
              setEditing('new');
            }}
          >
            Add a category
          </button>
        ) : null}
      </div>
      <p className="lead">
        The shop’s menu lists them in this order. A category can be deleted once it holds no
        products.
      </p>
      {message ? <Notice tone={message.tone}>{message.text}</Notice> : null}
      {editing === 'new' ? (
        <section className="panel" aria-label="New category">
          <CategoryForm category={null} onDone={done} onCancel={() => setEditing(null)} />
        </section>
      ) : null}
      {categories.isPending ? (
        <Loading />
      ) : categories.isError ? (
        <ErrorNotice error={categories.error} onRetry={() => void categories.refetch()} />
      ) : items.length === 0 ? (
        <p className="empty">No categories yet: add the first one.</p>
      ) : (
        <ol className="ordered-list panel" aria-label="Categories in the shop’s order">
          {items.map((category, index) => (
            <li key={category.id} className="ordered-item">
              {editing === category.id ? (
                <CategoryForm category={category} onDone={done} onCancel={() => setEditing(null)} />
              ) : (
                <>
                  {category.image_photo ? (
                    <img
                      className="category-tile-photo"
                      src={category.image_photo.thumbnail}
                      alt=""
                      width={56}
                      height={56}
                    />
                  ) : null}
                  <div className="ordered-item-main">
                    <h2>{category.name}</h2>
                    <p className="muted small">
                      /{category.slug} ·{' '}
                      {category.product_count === 1
                        ? '1 product'
                        : `${category.product_count} products`}
                    </p>
                  </div>
                  <div className="button-row">
                    <button
                      type="button"
                      className="button button-small"
                      aria-label={`Edit ${category.name}`}
                      onClick={() => {
                        setMessage(null);
                        setEditing(category.id);
                      }}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="button button-small"
                      aria-label={`Tile photo of ${category.name}`}
                      onClick={() => {
                        setMessage(null);
                        setPicturing(category);
                      }}
                    >
                      Tile photo
                    </button>
                    <button
                      type="button"
                      className="button button-small"
                      aria-label={`Move up ${category.name}`}
                      disabled={index === 0 || mutations.reorder.isPending}
                      onClick={() => move(index, -1)}
                    >
                      Move up
                    </button>
                    <button
                      type="button"
                      className="button button-small"
                      aria-label={`Move down ${category.name}`}
                      disabled={index === items.length - 1 || mutations.reorder.isPending}
                      onClick={() => move(index, 1)}
                    >
                      Move down
                    </button>
                    <button
                      type="button"
                      className="button button-small button-danger"
                      aria-label={`Delete ${category.name}`}
                      onClick={() => {
                        setMessage(null);
                        setRemoving(category);
                      }}
                    >
                      Delete
                    </button>
                  </div>
                </>
              )}
            </li>
          ))}
        </ol>
      )}
      {picturing ? (
        <PhotoPicker
          title={`Home page tile of “${picturing.name}”`}
          noneLabel="None: the photo of its oldest product"
          chosenId={picturing.image_photo?.id ?? null}
          onClose={() => setPicturing(null)}
          onChoose={async (photoId) => {
            const category = await setImage.mutateAsync({ id: picturing.id, photoId });
            setPicturing(null);
            setMessage({
              tone: 'success',
              text: category.image_photo
                ? `The “${category.name}” tile shows the photo of ${category.image_photo.product_name} now.`
                : `The “${category.name}” tile shows the photo of its oldest product now.`,
            });
          }}
        />
      ) : null}
      {removing ? (
        <ConfirmDialog
          title={`Delete the category “${removing.name}”?`}
          confirmLabel="Delete"
          cancelLabel="Keep it"
          pending={mutations.remove.isPending}
          onConfirm={remove}
          onCancel={() => setRemoving(null)}
        >
          <p>
            {removing.product_count > 0
              ? `It holds ${removing.product_count} ${removing.product_count === 1 ? 'product' : 'products'}: move them to another category first.`
              : 'It disappears from the shop’s menu. This cannot be undone.'}
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

/** Adds a category (`category` null) or edits one. */
export function CategoryForm({
  category,
  onDone,
  onCancel,
}: {
  category: AdminCategory | null;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const { create, update } = useCategoryMutations();
  const form = useForm<CategoryValues>({
    resolver: zodResolver(categorySchema),
    defaultValues: {
      name: category?.name ?? '',
      slug: category?.slug ?? '',
      description: category?.description ?? '',
      adults_only: category?.adults_only ?? false,
    },
  });
  const { CheckField, InputField } = fieldsOf(form);
  const { submit, message } = useServerSubmit(
    form,
    ['name', 'slug', 'description', 'adults_only'],
    async (values) => {
      if (category) {
        await update.mutateAsync({
          id: category.id,
          // An emptied address keeps the one it has (a category always has one).
          body: { ...values, slug: values.slug || category.slug },
        });
        onDone(`The category “${values.name}” was saved.`);
      } else {
        const { slug, ...rest } = values;
        const created = await create.mutateAsync(slug ? values : rest);
        onDone(`The category “${created.name}” was added.`);
      }
    },
  );
  const id = category ? `category-${category.id}` : 'category-new';
  const pending = create.isPending || update.isPending;
  return (
    <Form form={form} idPrefix={id} onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{category ? `Edit “${category.name}”` : 'New category'}</h2>
      {message ? <Notice tone="error">{message}</Notice> : null}
      <InputField name="name" label="Name" type="text" maxLength={100} />
      <InputField
        name="slug"
        label="Address"
        hint={
          category
            ? 'The end of its address in the shop, e.g. kitchen-knives.'
            : 'Made from the name when left empty, e.g. kitchen-knives.'
        }
        type="text"
        maxLength={100}
        autoComplete="off"
        spellCheck={false}
      />
      <RichField name="description" label="Description" />
      <CheckField name="adults_only">
        Its products are sold to adults only (knives and other bladed articles): a new product in it
        starts with the box ticked
      </CheckField>
      <FormButtons busy={pending} onCancel={onCancel} />
    </Form>
  );
}
