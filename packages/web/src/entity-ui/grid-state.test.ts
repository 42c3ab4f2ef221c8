import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PAGE_SIZE,
  isFiltered,
  nextGridState,
  PAGE_SIZES,
  parseGridState,
  SEARCH_WIDTH,
  serializeGridState,
  type GridState,
} from './grid-state.ts';

const D = { view: 'active', views: ['active', 'senior'] };
const base: GridState = { view: 'active', q: '', filters: {}, page: 1, size: 20, sort: null };

describe('grid state in the URL (spec 000 §2, §9)', () => {
  it('page sizes 5 to 50, default 20; search input 220px', () => {
    expect(PAGE_SIZES).toEqual([5, 10, 20, 30, 40, 50]);
    expect(DEFAULT_PAGE_SIZE).toBe(20);
    expect(SEARCH_WIDTH).toBe(220);
  });

  it('round-trips view, search, filters, page, size and sort', () => {
    const s: GridState = {
      view: 'senior',
      q: '王',
      filters: { new_job: '3', new_station_id: 'a1|上海站', createdon: '2026-01-01~2026-01-31' },
      page: 3,
      size: 50,
      sort: { field: 'new_code', dir: 'desc' },
    };
    const qs = serializeGridState(s, D);
    expect(qs).toContain('view=senior');
    expect(qs).toContain('sort=new_code.desc');
    expect(parseGridState(qs, D)).toEqual(s);
  });

  it('a fresh list has a bare URL; junk falls back to defaults', () => {
    expect(serializeGridState(base, D)).toBe('');
    expect(parseGridState('?view=nope&page=-2&size=7&sort=drop%20table', D)).toEqual(base);
  });

  it('a new search, filter, view or page size goes back to page 1', () => {
    const at3 = { ...base, page: 3 };
    expect(nextGridState(at3, { q: '液压' }).page).toBe(1);
    expect(nextGridState(at3, { filters: { new_job: '1' } }).page).toBe(1);
    expect(nextGridState(at3, { view: 'senior' }).page).toBe(1);
    expect(nextGridState(at3, { size: 50 }).page).toBe(1);
    expect(nextGridState(at3, { page: 4 }).page).toBe(4);
    expect(nextGridState(at3, { q: '' }).page).toBe(3);
  });

  it('a new view drops the column sort of the old one', () => {
    expect(nextGridState({ ...base, sort: { field: 'new_load', dir: 'asc' } }, { view: 'senior' }).sort).toBeNull();
  });

  it('knows when a search or filter is active (for the empty text)', () => {
    expect(isFiltered(base)).toBe(false);
    expect(isFiltered({ ...base, q: ' ' })).toBe(false);
    expect(isFiltered({ ...base, q: 'x' })).toBe(true);
    expect(isFiltered({ ...base, filters: { new_job: '2' } })).toBe(true);
  });
});
