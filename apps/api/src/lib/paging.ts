import type { TPaged } from '@armazem/contracts/common';

export function paged<T>(data: T[], total: number, page: number, pageSize: number): TPaged<T> {
  return { data, page, pageSize, total, totalPages: Math.ceil(total / pageSize) };
}
