import type { Tx } from '../../db/database.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { quantityLabel, quantityOut } from '../../lib/numbers.ts';
import { branchOf, positionOf, type Account } from './stock-accounts.ts';
import { positionLabel } from './positions-repository.ts';
import { dateLabel, isClosed, monthLabel, monthOf, type Shortage } from '../shared/stock-rules.ts';

/** The posting pipeline's refusals, in Portuguese: a closed month, a future date, a date going below zero. */

export function periodClosed(date: string) {
  return new AppError('PERIOD_CLOSED', `O mês ${monthLabel(monthOf(date))} está fechado para movimentações.`);
}

/** What a position's shortage says after the product's name. */
const POSITION_WORDS = { held: 'de terceiro em nosso poder', sent: 'nosso em poder de' } as const;

export async function shortageError(
  tx: Tx,
  account: Account,
  shortage: Pick<Shortage, 'occurredOn' | 'available' | 'requested' | 'limit'> & { locationId?: number },
) {
  if (shortage.limit) {
    return new AppError('CONFLICT', shortage.limit.message, { details: { limit: shortage.limit.limit } });
  }
  const positionId = positionOf(account);
  const position = positionId === null ? null : await positionLabel(tx, positionId);
  const productId = position?.productId ?? (await ownProductOf(tx, account));
  const location = shortage.locationId === undefined ? null : await locationLabel(tx, shortage.locationId);
  const product = await tx
    .selectFrom('products as p')
    .innerJoin('unities as u', 'u.id', 'p.base_unity_id')
    .select(['p.name', 'u.code'])
    .where('p.id', '=', productId)
    .executeTakeFirstOrThrow();
  const available = `${quantityLabel(shortage.available)} ${product.code}`;
  const requested = `${quantityLabel(shortage.requested)} ${product.code}`;
  const whose = position
    ? position.kind === 'held'
      ? ` ${POSITION_WORDS.held} (${position.participant})`
      : ` ${POSITION_WORDS.sent} ${position.participant}`
    : '';
  return new AppError(
    'INSUFFICIENT_STOCK',
    `Em ${dateLabel(shortage.occurredOn)} o saldo de ${product.name}${whose}${location?.words ?? ''} ficaria negativo: disponível ${available}, solicitado ${requested}.`,
    {
      // figures as the API writes every quantity ("1500.000"), not as the message shows them ("1.500")
      details: {
        date: shortage.occurredOn,
        available: quantityOut(shortage.available),
        requested: quantityOut(shortage.requested),
        unity: product.code,
        productId,
        ...(location ? { location: { id: location.id, name: location.name } } : {}),
      },
    },
  );
}

/** The product of an own-stock account (the first establishment's is the product's id). */
async function ownProductOf(tx: Tx, account: Account): Promise<number> {
  const branchId = branchOf(account);
  if (branchId === null) return account;
  const row = await tx
    .selectFrom('establishment_stock')
    .select('product_id')
    .where('id', '=', branchId)
    .executeTakeFirstOrThrow();
  return row.product_id;
}

/**
 * A location as a shortage names it: always in the details; in the message while the business keeps more than one
 * active location (with one, the message stays the specification's example, decision 0068), with its establishment when
 * there is more than one.
 */
async function locationLabel(tx: Tx, locationId: number) {
  const row = await tx
    .selectFrom('locations as l')
    .innerJoin('establishments as e', 'e.id', 'l.establishment_id')
    .select(['l.id', 'l.name', 'e.name as establishment'])
    .select((eb) => [
      eb
        .selectFrom('locations')
        .select(eb.fn.countAll().as('n'))
        .where('status', '=', 'active')
        .as('locations'),
      eb.selectFrom('establishments').select(eb.fn.countAll().as('n')).as('establishments'),
    ])
    .where('l.id', '=', locationId)
    .executeTakeFirstOrThrow();
  const name = Number(row.establishments) > 1 ? `${row.name} (${row.establishment})` : row.name;
  return { id: row.id, name: row.name, words: Number(row.locations) > 1 ? ` em ${name}` : '' };
}

/** Dates first: nothing in the future, nothing in a closed month. */
export function checkDates(dates: Iterable<string>, today: string, closedThrough: string | null) {
  for (const date of dates) {
    if (isClosed(date, closedThrough)) throw periodClosed(date);
    if (date > today) throw badRequest('A data do movimento não pode ser futura.', 'occurredOn');
  }
}
