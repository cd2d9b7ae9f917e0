import { api } from '../../lib/api';

export interface Category {
  id: string | number;
  name: string;
  slug: string;
}

export const catalogApi = api.injectEndpoints({
  endpoints: (build) => ({
    listCategories: build.query<Category[], void>({
      query: () => '/categories',
      transformResponse: (response: { categories: Category[] }) => response.categories,
      providesTags: ['Category'],
    }),
  }),
});

export const { useListCategoriesQuery } = catalogApi;
