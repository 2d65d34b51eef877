import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PAGE_SIZE, pageQuery, useListParams, useSearchText } from '../src/lib/use-list-params.ts';
import { renderWithProviders } from './render-with-providers.tsx';

const SORTS = ['name', 'sku', 'date'] as const;

/** A list as the screens use one: its state shown, and the controls that change it. */
function List() {
  const list = useListParams({ sort: 'name', order: 'asc', sorts: SORTS });
  const search = useSearchText(list);
  const navigate = useNavigate();
  const state = {
    page: list.page,
    sort: list.sort,
    order: list.order,
    q: search.q,
    status: list.get('status'),
  };
  return (
    <>
      <output data-testid="state">{JSON.stringify(state)}</output>
      <input aria-label="Buscar" value={search.text} onInput={(e) => search.setText(e.currentTarget.value)} />
      <button onClick={() => list.setPage(3)}>Página 3</button>
      <button onClick={() => list.setPage(1)}>Página 1</button>
      <button onClick={() => list.setFilter('status', 'inactive')}>Inativos</button>
      <button onClick={() => list.setFilter('status', '')}>Todos</button>
      <button onClick={() => list.toggleSort('sku')}>SKU</button>
      <button onClick={() => list.toggleSort('name')}>Nome</button>
      <button onClick={() => list.toggleSort('date', 'desc')}>Data</button>
      <button onClick={() => void navigate(-1)}>Voltar</button>
    </>
  );
}

const state = () => JSON.parse(screen.getByTestId('state').textContent ?? '{}') as Record<string, unknown>;
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const open = (url: string) => renderWithProviders(<List />, { url });

describe('useListParams: page, sort, order and filters live in the URL', () => {
  it('reads them from the URL a link or a reload brings', () => {
    open('/produtos?page=3&sort=sku&order=desc&status=inactive&q=arroz');
    expect(state()).toEqual({ page: 3, sort: 'sku', order: 'desc', q: 'arroz', status: 'inactive' });
    expect(screen.getByLabelText<HTMLInputElement>('Buscar').value).toBe('arroz');
  });

  it.each([
    ['/produtos?page=0&sort=price&order=up'],
    ['/produtos?page=abc'],
    ['/produtos?page=2.5&order='],
    ['/produtos?page=-1&sort='],
  ])('falls back to the defaults for what it cannot use: %s', (url) => {
    open(url);
    expect(state()).toMatchObject({ page: 1, sort: 'name', order: 'asc' });
  });

  it('writes the page, and leaves the default (page 1) out of the URL', () => {
    const view = open('/produtos?status=inactive');
    click('Página 3');
    expect(view.location().search).toBe('?status=inactive&page=3');
    click('Página 1');
    expect(view.location().search).toBe('?status=inactive');
  });

  it('goes back to page 1 when a filter changes, and drops an emptied filter', () => {
    const view = open('/produtos?page=4&sort=sku');
    click('Inativos');
    expect(view.location().search).toBe('?sort=sku&status=inactive');
    click('Todos');
    expect(view.location().search).toBe('?sort=sku');
  });

  it('sorts: the same column flips the order, another starts at its first order, the default is left out', () => {
    const view = open('/produtos?page=2');
    click('SKU');
    expect(view.location().search).toBe('?sort=sku');
    click('SKU');
    expect(view.location().search).toBe('?sort=sku&order=desc');
    click('Data');
    expect(view.location().search).toBe('?sort=date&order=desc');
    click('Nome');
    expect(view.location().search).toBe('');
  });

  it('makes every change a history entry, so Back undoes it', () => {
    const view = open('/produtos');
    click('Inativos');
    click('Página 3');
    click('Voltar');
    expect(view.location().search).toBe('?status=inactive');
    click('Voltar');
    expect(view.location().search).toBe('');
  });
});

// Back to an entry with another search must stand: these two tests found the effect that undid it (decision 0080).
describe('useSearchText: the search box', () => {
  it('shows what is typed at once and sends it to the URL debounced, trimmed, from page 1', async () => {
    const view = open('/produtos?page=5');
    fireEvent.input(screen.getByLabelText('Buscar'), { target: { value: '  arroz ' } });
    expect(screen.getByLabelText<HTMLInputElement>('Buscar').value).toBe('  arroz ');
    expect(view.search().get('q')).toBeNull();
    await waitFor(() => expect(view.location().search).toBe('?q=arroz'));
  });

  it('replaces the history entry while typing, so Back skips the keystrokes', async () => {
    const view = open('/produtos?page=2');
    click('Inativos');
    fireEvent.input(screen.getByLabelText('Buscar'), { target: { value: 'feijão' } });
    await waitFor(() => expect(view.search().get('q')).toBe('feijão'));
    click('Voltar');
    expect(view.location().search).toBe('?page=2');
    expect(screen.getByLabelText<HTMLInputElement>('Buscar').value).toBe('');
  });

  it('follows the URL when Back brings an earlier search', async () => {
    const view = open('/produtos?q=arroz');
    click('Inativos');
    fireEvent.input(screen.getByLabelText('Buscar'), { target: { value: '' } });
    await waitFor(() => expect(view.search().get('q')).toBeNull());
    click('Voltar');
    expect(view.search().get('q')).toBe('arroz');
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Buscar').value).toBe('arroz'));
  });
});

describe('pageQuery: the API call of one page', () => {
  it('carries page, size, sort and order, and only the filters that are set', () => {
    const query = pageQuery(
      { page: 2, sort: 'sku', order: 'desc' },
      { q: 'arroz', status: '', categoryId: undefined, supplierId: 0 },
    );
    expect(query).toEqual({
      page: 2,
      pageSize: PAGE_SIZE,
      sort: 'sku',
      order: 'desc',
      q: 'arroz',
      supplierId: 0,
    });
  });
});
