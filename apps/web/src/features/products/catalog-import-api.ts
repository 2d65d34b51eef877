import type { TCatalogImportResult, TCatalogPreview } from '@armazem/contracts/catalog-import';
import { api } from '../../lib/api.ts';

const sheetBody = (sheet: File) => {
  const body = new FormData();
  body.append('sheet', sheet, sheet.name);
  return body;
};

/** The catalog sheet: preview (stores nothing) and the all-or-nothing import, which reloads every product list. */
export const catalogImportApi = api.injectEndpoints({
  endpoints: (build) => ({
    previewCatalog: build.mutation<TCatalogPreview, File>({
      query: (sheet) => ({ url: '/products/v1/import/preview', method: 'POST', body: sheetBody(sheet) }),
    }),
    importCatalog: build.mutation<TCatalogImportResult, File>({
      query: (sheet) => ({ url: '/products/v1/import', method: 'POST', body: sheetBody(sheet) }),
      invalidatesTags: ['Product', 'Reference', 'Stock'],
    }),
  }),
});

export const { usePreviewCatalogMutation, useImportCatalogMutation } = catalogImportApi;

export const catalogUrls = {
  template: `${import.meta.env.VITE_API_BASE_URL ?? ''}/api/products/v1/import/template`,
};
