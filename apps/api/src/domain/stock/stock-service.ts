import type { ZNewStockIn, ZNewStockOut } from '@armazem/contracts/stock';
import { divRound } from '@armazem/contracts/decimal';
import type { z } from 'zod/mini';
import type { Db, Tx } from '../../db/database.ts';
import { nowIso, toBigInt } from '../../db/database.ts';
import type { Dialect } from '../../db/types.ts';
import { audit } from '../../lib/audit.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { quantityLabel } from '../../lib/numbers.ts';
import { applyEntry, applyExit, averageCost, lineTotal, toBaseQuantity, type Balance } from './valuation.ts';

export type NewStockIn = z.output<typeof ZNewStockIn>;
export type NewStockOut = z.output<typeof ZNewStockOut>;
export type StockMovementInput = ({ direction: 'in' } & NewStockIn) | ({ direction: 'out' } & NewStockOut);

const ONE = 1000n;

/** Reads the balance row, locking it on PostgreSQL so racing exits queue up instead of overdrawing. */
export async function lockBalance(tx: Tx, dialect: Dialect, productId: number): Promise<Balance> {
  let query = tx
    .selectFrom('stock_balances')
    .select(['quantity', 'total_value'])
    .where('product_id', '=', productId);
  if (dialect === 'postgres') query = query.forUpdate();
  let row = await query.executeTakeFirst();
  if (!row) {
    await tx
      .insertInto('stock_balances')
      .values({
        product_id: productId,
        quantity: '0',
        total_value: '0',
        average_cost: '0',
        last_movement_at: null,
        updated_at: nowIso(),
      })
      .onConflict((oc) => oc.column('product_id').doNothing())
      .execute();
    row = await query.executeTakeFirstOrThrow();
  }
  return { quantity: toBigInt(row.quantity), totalValue: toBigInt(row.total_value) };
}

export async function saveBalance(tx: Tx, productId: number, balance: Balance, movedAt: string | null) {
  await tx
    .updateTable('stock_balances')
    .set({
      quantity: balance.quantity.toString(),
      total_value: balance.totalValue.toString(),
      average_cost: averageCost(balance).toString(),
      ...(movedAt ? { last_movement_at: movedAt } : {}),
      updated_at: nowIso(),
    })
    .where('product_id', '=', productId)
    .execute();
}

export function insufficientStock(
  productName: string,
  unityCode: string,
  available: bigint,
  requested: bigint,
) {
  return new AppError(
    'INSUFFICIENT_STOCK',
    `Estoque insuficiente de ${productName}: disponível ${quantityLabel(available)} ${unityCode}, solicitado ${quantityLabel(requested)} ${unityCode}.`,
    {
      details: { available: quantityLabel(available), requested: quantityLabel(requested), unity: unityCode },
    },
  );
}

/** The product and package a movement names, checked: both exist, are active and belong together. */
export async function movementContext(tx: Tx | Db, productId: number, productUnityId: number) {
  const product = await tx
    .selectFrom('products as p')
    .innerJoin('unities as u', 'u.id', 'p.base_unity_id')
    .select(['p.id', 'p.name', 'p.status', 'u.code as base_code', 'u.fractional as base_fractional'])
    .where('p.id', '=', productId)
    .executeTakeFirst();
  if (!product) throw badRequest('Produto não encontrado.', 'productId');
  if (product.status !== 'active') {
    throw badRequest(
      `O produto ${product.name} está inativo. Reative-o para registrar movimentações.`,
      'productId',
    );
  }
  const unity = await tx
    .selectFrom('product_unities as pu')
    .innerJoin('unities as u', 'u.id', 'pu.unity_id')
    .select(['pu.id', 'pu.product_id', 'pu.status', 'pu.quantity', 'pu.is_default', 'u.code', 'u.fractional'])
    .where('pu.id', '=', productUnityId)
    .executeTakeFirst();
  if (!unity || unity.product_id !== productId) {
    throw badRequest('A embalagem informada não pertence a este produto.', 'productUnityId');
  }
  if (unity.status !== 'active')
    throw badRequest('Esta embalagem está inativa. Escolha outra ou reative-a.', 'productUnityId');
  return {
    productName: product.name,
    baseCode: product.base_code,
    baseFractional: product.base_fractional === 1,
    unitsPerPackage: toBigInt(unity.quantity),
    packageFractional: (unity.is_default === 1 ? product.base_fractional : unity.fractional) === 1,
  };
}

export type MovementContext = Awaited<ReturnType<typeof movementContext>>;

/** Quantity in the package → base units, refusing fractions where the unit does not allow them. */
export function baseQuantityFor(context: MovementContext, quantity: bigint): bigint {
  if (!context.packageFractional && quantity % ONE !== 0n) {
    throw badRequest('A quantidade deve ser um número inteiro nesta embalagem.', 'quantity');
  }
  const base = toBaseQuantity(quantity, context.unitsPerPackage);
  if (base === null || (!context.baseFractional && base % ONE !== 0n)) {
    throw badRequest(`A quantidade não corresponde a um número exato de ${context.baseCode}.`, 'quantity');
  }
  return base;
}

export async function assertActiveSupplier(tx: Tx | Db, supplierId: number) {
  const supplier = await tx
    .selectFrom('suppliers')
    .select(['name', 'status'])
    .where('id', '=', supplierId)
    .executeTakeFirst();
  if (!supplier) throw badRequest('Fornecedor não encontrado.', 'supplierId');
  if (supplier.status !== 'active')
    throw badRequest(`O fornecedor ${supplier.name} está inativo.`, 'supplierId');
}

/** Records one entry or exit: ledger row and balance change in the same transaction. */
export async function recordMovement(
  db: Db,
  dialect: Dialect,
  userId: number,
  input: StockMovementInput,
  today: string,
): Promise<number> {
  const occurredOn = input.occurredOn ?? today;
  if (occurredOn > today) throw badRequest('A data do movimento não pode ser futura.', 'occurredOn');
  return db.transaction().execute(async (tx) => {
    const context = await movementContext(tx, input.productId, input.productUnityId);
    const baseQuantity = baseQuantityFor(context, input.quantity);
    if (input.direction === 'in' && input.supplierId) await assertActiveSupplier(tx, input.supplierId);

    const balance = await lockBalance(tx, dialect, input.productId);
    let next: Balance;
    let unitCost: bigint;
    let totalCost: bigint;
    if (input.direction === 'in') {
      unitCost = input.unitCost;
      totalCost = lineTotal(input.quantity, input.unitCost);
      next = applyEntry(balance, baseQuantity, totalCost);
    } else {
      const result = applyExit(balance, baseQuantity);
      if (!result.ok)
        throw insufficientStock(context.productName, context.baseCode, result.available, baseQuantity);
      totalCost = result.totalCost;
      unitCost = divRound(totalCost * ONE, input.quantity);
      next = result.balance;
    }
    const now = nowIso();
    const row = await tx
      .insertInto('stock_ledger')
      .values({
        product_id: input.productId,
        product_unity_id: input.productUnityId,
        direction: input.direction,
        quantity: input.quantity.toString(),
        base_quantity: baseQuantity.toString(),
        unit_cost: unitCost.toString(),
        total_cost: totalCost.toString(),
        occurred_on: occurredOn,
        supplier_id: input.direction === 'in' ? (input.supplierId ?? null) : null,
        reason: input.direction === 'out' ? input.reason : null,
        document: input.document ?? null,
        notes: input.notes ?? null,
        stock_movement_id: null,
        created_by: userId,
        created_at: now,
        cancelled_at: null,
        cancelled_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await saveBalance(tx, input.productId, next, now);
    await audit(tx, {
      userId,
      action: 'create',
      entity: input.direction === 'in' ? 'stock_in' : 'stock_out',
      entityId: row.id,
      before: { quantity: balance.quantity, totalValue: balance.totalValue },
      after: { quantity: next.quantity, totalValue: next.totalValue },
    });
    return Number(row.id);
  });
}
