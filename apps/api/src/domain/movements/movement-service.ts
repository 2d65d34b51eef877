import { createHash } from 'node:crypto';
import type { TSheetPreview, TStockMovement } from '@armazem/contracts/movements';
import type { Db, Tx } from '../../db/database.ts';
import { nowIso, toBigInt } from '../../db/database.ts';
import type { Dialect } from '../../db/types.ts';
import { audit } from '../../lib/audit.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { quantityLabel } from '../../lib/numbers.ts';
import { lockBalance, saveBalance } from '../stock/stock-service.ts';
import { reverse, type Balance } from '../stock/valuation.ts';
import { divRound } from '@armazem/contracts/decimal';
import { readSheet } from './sheet-reader.ts';
import { checkRows, parseDate, summarize, type CheckedRow } from './sheet-rows.ts';

export interface UploadedSheet {
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
}

export interface Period {
  year: number;
  month: number;
  today: string;
}

function preview(fileName: string, checked: CheckedRow[]): Omit<TSheetPreview, 'duplicateOf'> {
  return { fileName, rows: checked.map((row) => row.view), summary: summarize(checked) };
}

/**
 * Reads and checks a sheet; stores nothing. Without a chosen month, the month of the first readable date is
 * used (else the current one), so rows from other months still show as errors.
 */
export async function previewSheet(
  db: Db,
  sheet: UploadedSheet,
  chosen: { year: number; month: number } | null,
  today: string,
): Promise<TSheetPreview> {
  const raw = await readSheet(sheet.bytes);
  const first = raw.rows.map((row) => parseDate(row.values.date)).find((date) => date !== null) ?? today;
  const period = {
    ...(chosen ?? { year: Number(first.slice(0, 4)), month: Number(first.slice(5, 7)) }),
    today,
  };
  const sha256 = createHash('sha256').update(sheet.bytes).digest('hex');
  const [checked, duplicate] = await Promise.all([
    checkRows(db, raw, period),
    db
      .selectFrom('stock_movements')
      .select(['id', 'file_name', 'created_at'])
      .where('year', '=', period.year)
      .where('month', '=', period.month)
      .where('sha256', '=', sha256)
      .where('cancelled_at', 'is', null)
      .executeTakeFirst(),
  ]);
  const duplicateOf = duplicate
    ? { id: duplicate.id, fileName: duplicate.file_name, createdAt: duplicate.created_at }
    : null;
  return { ...preview(sheet.fileName, checked), duplicateOf };
}

const LEDGER_CHUNK = 500;

/**
 * Imports every row of the sheet in one transaction, or none: the sheet is parsed and checked again here, with
 * the balances of every product it touches locked (PostgreSQL) in id order, so nothing can move under it.
 */
export async function importSheet(
  db: Db,
  dialect: Dialect,
  userId: number,
  sheet: UploadedSheet,
  period: Period,
  description: string | null,
): Promise<number> {
  const raw = await readSheet(sheet.bytes);
  if (raw.rows.length === 0) throw new AppError('UNPROCESSABLE', 'A planilha não tem linhas de movimento.');
  const sha256 = createHash('sha256').update(sheet.bytes).digest('hex');

  return db.transaction().execute(async (tx) => {
    const duplicate = await tx
      .selectFrom('stock_movements')
      .select(['id', 'file_name'])
      .where('year', '=', period.year)
      .where('month', '=', period.month)
      .where('sha256', '=', sha256)
      .where('cancelled_at', 'is', null)
      .executeTakeFirst();
    if (duplicate) {
      throw conflict(
        `Este arquivo já foi importado para ${String(period.month).padStart(2, '0')}/${period.year} (${duplicate.file_name}). Exclua a importação anterior se quiser importá-lo de novo.`,
      );
    }
    const locked = new Map<number, Balance>();
    const checked = await checkRows(tx, raw, period, async (ids) => {
      for (const id of ids) locked.set(id, await lockBalance(tx, dialect, id));
      return new Map(locked);
    });
    const summary = summarize(checked);
    if (summary.invalid > 0) {
      throw new AppError(
        'UNPROCESSABLE',
        `A planilha tem ${summary.invalid} ${summary.invalid === 1 ? 'linha com erro' : 'linhas com erro'}; nada foi importado. Corrija e envie de novo.`,
        {
          details: {
            rows: checked.filter((row) => row.view.errors.length > 0).map((row) => row.view),
            summary,
          },
        },
      );
    }
    const now = nowIso();
    const movement = await tx
      .insertInto('stock_movements')
      .values({
        year: period.year,
        month: period.month,
        file_name: sheet.fileName,
        sha256,
        sheet: sheet.bytes,
        content_type: sheet.contentType,
        description,
        rows: summary.rows,
        entries: summary.entries,
        exits: summary.exits,
        created_by: userId,
        created_at: now,
        cancelled_at: null,
        cancelled_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const resolved = checked.map((row) => row.resolved).filter((row) => row !== null);
    for (let start = 0; start < resolved.length; start += LEDGER_CHUNK) {
      await tx
        .insertInto('stock_ledger')
        .values(
          resolved.slice(start, start + LEDGER_CHUNK).map((row) => ({
            product_id: row.productId,
            product_unity_id: row.productUnityId,
            direction: row.direction,
            quantity: row.quantity.toString(),
            base_quantity: row.baseQuantity.toString(),
            // an exit's unit cost is what it left at, per package
            unit_cost: (row.unitCost ?? divRound((row.totalCost ?? 0n) * 1000n, row.quantity)).toString(),
            total_cost: (row.totalCost ?? 0n).toString(),
            occurred_on: row.occurredOn,
            supplier_id: row.supplierId,
            reason: row.reason,
            document: row.document,
            notes: row.notes,
            stock_movement_id: movement.id,
            created_by: userId,
            created_at: now,
            cancelled_at: null,
            cancelled_by: null,
          })),
        )
        .execute();
    }
    // Replay the rows on the locked balances to get the final state per product.
    const finals = new Map(locked);
    for (const row of resolved) {
      const balance = finals.get(row.productId) ?? { quantity: 0n, totalValue: 0n };
      finals.set(
        row.productId,
        row.direction === 'in'
          ? {
              quantity: balance.quantity + row.baseQuantity,
              totalValue: balance.totalValue + (row.totalCost ?? 0n),
            }
          : {
              quantity: balance.quantity - row.baseQuantity,
              totalValue: balance.totalValue - (row.totalCost ?? 0n),
            },
      );
    }
    for (const productId of new Set(resolved.map((row) => row.productId))) {
      await saveBalance(tx, productId, finals.get(productId) ?? { quantity: 0n, totalValue: 0n }, now);
    }
    await audit(tx, {
      userId,
      action: 'import',
      entity: 'stock_movement',
      entityId: movement.id,
      after: { year: period.year, month: period.month, fileName: sheet.fileName, sha256, ...summary },
    });
    return movement.id;
  });
}

/** Undoes an import: its ledger rows are marked cancelled and the balances reversed, all or nothing. */
export async function cancelMovement(
  db: Db,
  dialect: Dialect,
  userId: number,
  movementId: number,
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const movement = await tx
      .selectFrom('stock_movements')
      .select(['id', 'cancelled_at', 'file_name'])
      .where('id', '=', movementId)
      .executeTakeFirst();
    if (!movement || movement.cancelled_at) throw notFound('Movimentação não encontrada.');
    const rows = await tx
      .selectFrom('stock_ledger')
      .select(['product_id', 'direction', 'base_quantity', 'total_cost'])
      .where('stock_movement_id', '=', movementId)
      .where('cancelled_at', 'is', null)
      .execute();
    const productIds = [...new Set(rows.map((row) => row.product_id))].sort((a, b) => a - b);
    const balances = new Map<number, Balance>();
    for (const id of productIds) balances.set(id, await lockBalance(tx, dialect, id));
    for (const row of rows) {
      const current = balances.get(row.product_id) ?? { quantity: 0n, totalValue: 0n };
      balances.set(
        row.product_id,
        reverse(current, {
          direction: row.direction,
          baseQuantity: toBigInt(row.base_quantity),
          totalCost: toBigInt(row.total_cost),
        }),
      );
    }
    for (const [productId, balance] of balances) {
      if (balance.quantity < 0n || balance.totalValue < 0n) {
        const product = await tx
          .selectFrom('products as p')
          .innerJoin('unities as u', 'u.id', 'p.base_unity_id')
          .select(['p.sku', 'p.name', 'u.code'])
          .where('p.id', '=', productId)
          .executeTakeFirstOrThrow();
        const missing =
          balance.quantity < 0n
            ? ` faltariam ${quantityLabel(-balance.quantity)} ${product.code}`
            : ' o valor em estoque ficaria negativo';
        throw conflict(
          `Não é possível excluir esta importação: ${product.sku} · ${product.name} já teve saídas depois dela e${missing}.`,
        );
      }
    }
    const now = nowIso();
    await tx
      .updateTable('stock_ledger')
      .set({ cancelled_at: now, cancelled_by: userId })
      .where('stock_movement_id', '=', movementId)
      .where('cancelled_at', 'is', null)
      .execute();
    for (const [productId, balance] of balances) await saveBalance(tx, productId, balance, null);
    await tx
      .updateTable('stock_movements')
      .set({ cancelled_at: now, cancelled_by: userId })
      .where('id', '=', movementId)
      .execute();
    await audit(tx, {
      userId,
      action: 'cancel',
      entity: 'stock_movement',
      entityId: movementId,
      before: { fileName: movement.file_name, rows: rows.length },
    });
  });
}

export async function listMovements(db: Db | Tx, year: number, month: number): Promise<TStockMovement[]> {
  const rows = await db
    .selectFrom('stock_movements as m')
    .innerJoin('users as u', 'u.id', 'm.created_by')
    .select([
      'm.id',
      'm.year',
      'm.month',
      'm.file_name',
      'm.description',
      'm.rows',
      'm.entries',
      'm.exits',
      'm.created_at',
      'u.id as user_id',
      'u.name as user_name',
    ])
    .where('m.year', '=', year)
    .where('m.month', '=', month)
    .where('m.cancelled_at', 'is', null)
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    year: row.year,
    month: row.month,
    fileName: row.file_name,
    description: row.description,
    rows: row.rows,
    entries: row.entries,
    exits: row.exits,
    createdBy: { id: row.user_id, name: row.user_name },
    createdAt: row.created_at,
  }));
}

export async function findMovement(db: Db, id: number) {
  const movement = await db
    .selectFrom('stock_movements')
    .select(['id', 'year', 'month'])
    .where('id', '=', id)
    .where('cancelled_at', 'is', null)
    .executeTakeFirst();
  if (!movement) throw notFound('Movimentação não encontrada.');
  const listed = (await listMovements(db, movement.year, movement.month)).find((item) => item.id === id);
  if (!listed) throw notFound('Movimentação não encontrada.');
  return listed;
}

export async function originalSheet(db: Db, id: number) {
  const row = await db
    .selectFrom('stock_movements')
    .select(['file_name', 'content_type', 'sheet'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('Movimentação não encontrada.');
  return { fileName: row.file_name, contentType: row.content_type, bytes: Buffer.from(row.sheet) };
}
