/**
 * The shop's categories' calls. Query key `['categories']`: `categoriesQuery()` is
 * `GET /categories/`, every category in the shop's order with its product count (the product
 * form's category list reads it too). Each mutation replaces or refreshes that list; a
 * category's name shows in product lists, so `['products']` is marked stale after an edit or a
 * delete too.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Schemas } from '../../api/client';
import { dataOf, getQuery } from '../../api/queries';

export type AdminCategory = Schemas['AdminCategory'];
export type CategoryCreate = Schemas['CategoryCreate'];
export type CategoryUpdate = Schemas['CategoryUpdate'];

export const CATEGORIES_QUERY_KEY = ['categories'] as const;

export const categoriesQuery = () =>
  getQuery(CATEGORIES_QUERY_KEY, (signal) => dataOf(api.GET('/categories/', { signal })));

/** The list's mutations: create, update, reorder, delete. */
export function useCategoryMutations() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: CATEGORIES_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: ['products'] }),
    ]);
  const create = useMutation({
    mutationFn: async (body: CategoryCreate) => {
      const { data } = await api.POST('/categories/', { body });
      return data as AdminCategory;
    },
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: async ({ id, body }: { id: number; body: CategoryUpdate }) => {
      const { data } = await api.PATCH('/categories/{category_id}/', {
        params: { path: { category_id: id } },
        body,
      });
      return data as AdminCategory;
    },
    onSuccess: refresh,
  });
  const reorder = useMutation({
    mutationFn: async (ids: number[]) => {
      const { data } = await api.PUT('/categories/order/', { body: { ids } });
      return data as AdminCategory[];
    },
    onSuccess: (categories) => queryClient.setQueryData(CATEGORIES_QUERY_KEY, categories),
    // Someone else added or removed one meanwhile: show the list as it is now.
    onError: () => queryClient.invalidateQueries({ queryKey: CATEGORIES_QUERY_KEY }),
  });
  const remove = useMutation({
    mutationFn: async (id: number) => {
      await api.DELETE('/categories/{category_id}/', { params: { path: { category_id: id } } });
    },
    onSuccess: refresh,
  });
  return { create, update, reorder, remove };
}

/**
 * Chooses the photo of a category's tile on the storefront's home page (`PUT
 * /categories/{id}/image/`, null for none: the category's oldest product's photo); the answer
 * replaces the category in the list.
 */
export function useSetCategoryImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, photoId }: { id: number; photoId: number | null }) => {
      const { data } = await api.PUT('/categories/{category_id}/image/', {
        params: { path: { category_id: id } },
        body: { photo_id: photoId },
      });
      return data as AdminCategory;
    },
    onSuccess: (category) =>
      queryClient.setQueryData<AdminCategory[]>(CATEGORIES_QUERY_KEY, (list) =>
        list?.map((c) => (c.id === category.id ? category : c)),
      ),
  });
}
