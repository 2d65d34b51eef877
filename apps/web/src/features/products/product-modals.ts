import type { TProductDetail, TProductUnity } from '@armazem/contracts/catalog';

/** The products feature's modals and the data each opens with (registered in app/layout/modal-bodies.ts). */
declare module '../../lib/modal.ts' {
  interface ModalExtras {
    PRODUCT_ADD: Record<string, never>;
    PRODUCT_EDIT: { product: TProductDetail };
    PRODUCT_DELETE: { productId: number; name: string; backToList?: boolean };
    /** Without `unity`: adds a package; with it: edits that one. */
    PRODUCT_UNITY_FORM: { productId: number; unity?: TProductUnity };
    PRODUCT_UNITY_DELETE: { productId: number; unityId: number; label: string };
    PRICE_ADD: { productId: number; unities: TProductUnity[] };
    PRODUCT_SUPPLIER_LINK: { productId: number; linkedIds: number[] };
  }
}
