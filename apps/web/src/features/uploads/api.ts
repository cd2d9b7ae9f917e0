import type { MobileUploadResponse, ValidateUploadTokenResponse } from '@marketplace/contracts/catalog';
import { api } from '../../lib/api';

/** The public phone page (docs/product/uploads.md, api.md): it holds only the upload token, never a login. */
export const uploadsApi = api.injectEndpoints({
  endpoints: (build) => ({
    validateUploadToken: build.query<ValidateUploadTokenResponse, string>({
      query: (token) => `/products/validate-upload-token/${encodeURIComponent(token)}`,
    }),
    uploadFromPhone: build.mutation<MobileUploadResponse, { token: string; files: File[] }>({
      query: ({ token, files }) => {
        // docs/product/api.md: a multipart form with the fields `token` and `files`.
        const body = new FormData();
        body.append('token', token);
        for (const file of files) body.append('files', file, file.name);
        return { url: '/products/mobile-upload', method: 'POST', body };
      },
    }),
  }),
});

export const { useValidateUploadTokenQuery, useUploadFromPhoneMutation } = uploadsApi;
