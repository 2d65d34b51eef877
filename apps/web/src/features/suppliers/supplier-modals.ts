import type { TSupplier } from '@armazem/contracts/catalog';

/** The suppliers feature's modals and the data each opens with (registered in app/layout/modal-bodies.ts). */
declare module '../../lib/modal.ts' {
  interface ModalExtras {
    SUPPLIER_ADD: Record<string, never>;
    SUPPLIER_EDIT: { supplier: TSupplier };
    SUPPLIER_DELETE: { supplierId: number; name: string };
    SUPPLIER_PRODUCTS: { supplierId: number };
  }
}
