import { lazy } from 'react';
import type { ModalBodies } from '../../lib/modal.ts';

/**
 * Body type → the body the shared modal shows, each loaded on demand with its feature. The type makes this list
 * complete: a body type a feature declares (`<feature>-modals.ts`) and is missing here, or a body whose `extra`
 * differs from the declaration, fails `npm run typecheck`.
 */
export const MODAL_BODIES: ModalBodies = {
  USER_STATUS_CONFIRMATION: lazy(() => import('../../features/users/user-status-confirmation.tsx')),
  USER_HISTORY: lazy(() => import('../../features/users/user-history-modal.tsx')),
  PRODUCT_ADD: lazy(() => import('../../features/products/components/add-product-modal.tsx')),
  PRODUCT_EDIT: lazy(() => import('../../features/products/components/edit-product-modal.tsx')),
  PRODUCT_DELETE: lazy(() => import('../../features/products/components/delete-product-modal.tsx')),
  PRODUCT_UNITY_FORM: lazy(() => import('../../features/products/components/product-unity-modal.tsx')),
  PRODUCT_UNITY_DELETE: lazy(
    () => import('../../features/products/components/delete-product-unity-modal.tsx'),
  ),
  PRICE_ADD: lazy(() => import('../../features/products/components/add-price-modal.tsx')),
  PRODUCT_SUPPLIER_LINK: lazy(() => import('../../features/products/components/link-supplier-modal.tsx')),
  SUPPLIER_ADD: lazy(() => import('../../features/suppliers/components/add-supplier-modal.tsx')),
  SUPPLIER_EDIT: lazy(() => import('../../features/suppliers/components/edit-supplier-modal.tsx')),
  SUPPLIER_DELETE: lazy(() => import('../../features/suppliers/components/delete-supplier-modal.tsx')),
  SUPPLIER_PRODUCTS: lazy(() => import('../../features/suppliers/components/supplier-products-modal.tsx')),
  STOCK_MOVEMENT: lazy(() => import('../../features/stock/components/stock-movement-modal.tsx')),
  STOCK_ENTRY_CANCEL: lazy(() => import('../../features/stock/components/cancel-entry-modal.tsx')),
  STOCK_ENTRY_HISTORY: lazy(() => import('../../features/stock/components/entry-history-modal.tsx')),
  MOVEMENT_DELETE: lazy(() => import('../../features/movements/components/delete-movement-modal.tsx')),
  MOVEMENT_HISTORY: lazy(() => import('../../features/movements/components/movement-history-modal.tsx')),
  MONTH_CLOSE: lazy(() => import('../../features/movements/components/month-close-modal.tsx')),
  MONTH_REOPEN: lazy(() => import('../../features/movements/components/month-reopen-modal.tsx')),
  CATALOG_IMPORT: lazy(() => import('../../features/products/components/catalog-import-modal.tsx')),
  NFE_UNDO: lazy(() => import('../../features/nfe/components/undo-nfe-modal.tsx')),
  NFE_BATCH_UNDO: lazy(() =>
    import('../../features/nfe/components/undo-nfe-modal.tsx').then((m) => ({ default: m.UndoBatchModal })),
  ),
  COUNT_POST: lazy(() => import('../../features/counts/components/post-count-modal.tsx')),
  COUNT_REMOVE: lazy(() => import('../../features/counts/components/remove-count-modal.tsx')),
};
