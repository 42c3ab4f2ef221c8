import { getEntity } from '@portal/model';
import { describe, expect, it } from 'vitest';
import { buildFilter, buildOrderBy, dayStartUtc8, filterClause, literal, quote, searchFields } from './odata.ts';

const worker = getEntity('new_srv_worker')!;
const notice = getEntity('new_notice')!;
const GUID = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('OData building', () => {
  it('quotes strings with doubled single quotes', () => {
    expect(quote("O'Brien")).toBe("'O''Brien'");
    expect(literal(worker.allFields.new_station_id, GUID.toUpperCase())).toBe(GUID);
    expect(literal(worker.allFields.new_job, '3')).toBe('3');
    expect(literal(undefined, true)).toBe('true');
  });

  it('quick search: contains over the searchable text fields', () => {
    expect(searchFields(worker)).toEqual(['new_name', 'new_code', 'new_phone']);
    expect(buildFilter(worker, worker.views.active, "王'", {})).toBe(
      "(contains(new_name,'王''') or contains(new_code,'王''') or contains(new_phone,'王'''))",
    );
  });

  it('more filters by type: text contains, option eq, lookup guid, bool, date range at UTC+8', () => {
    expect(filterClause('new_name', worker.allFields.new_name, '张')).toBe("contains(new_name,'张')");
    expect(filterClause('new_job', worker.allFields.new_job, '3')).toBe('new_job eq 3');
    expect(filterClause('new_station_id', worker.allFields.new_station_id, `${GUID}|上海浦东华辰服务站`)).toBe(`new_station_id eq ${GUID}`);
    expect(filterClause('new_needreply', notice.allFields.new_needreply, 'true')).toBe('new_needreply eq true');
    expect(dayStartUtc8('2026-03-01')).toBe('2026-02-28T16:00:00Z');
    expect(filterClause('new_publishtime', notice.allFields.new_publishtime, '2026-03-01~2026-03-31')).toBe(
      'new_publishtime ge 2026-02-28T16:00:00Z and new_publishtime lt 2026-03-31T16:00:00Z',
    );
    expect(filterClause('new_publishtime', notice.allFields.new_publishtime, '~2026-03-31')).toBe(
      'new_publishtime lt 2026-03-31T16:00:00Z',
    );
    expect(filterClause('new_job', worker.allFields.new_job, '')).toBeNull();
  });

  it('joins the view filter, search and filters with and', () => {
    const f = buildFilter(worker, worker.views.senior, '', { new_sex: '1', createdon: '2026-01-01~' });
    expect(f).toBe('new_job eq 3 and new_sex eq 1 and createdon ge 2025-12-31T16:00:00Z');
    expect(buildFilter(worker, worker.views.active, '', {}, `new_station_id eq ${GUID}`)).toBe(`(new_station_id eq ${GUID})`);
  });

  it('orders by the column sort, else the view', () => {
    expect(buildOrderBy(worker.views.active, null)).toBe('createdon desc');
    expect(buildOrderBy(worker.views.active, { field: 'new_code', dir: 'asc' })).toBe('new_code asc');
  });
});
