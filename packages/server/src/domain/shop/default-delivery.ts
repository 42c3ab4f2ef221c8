import { PATTERNS, type DeliveryDetails } from '@portal/model';
import type { Principal } from '../../auth/principal.ts';
import type { Sql } from '../../db/db.ts';

/** The delivery details a new order starts with; every field may be '' and the buyer edits them all. */
export type DefaultDelivery = DeliveryDetails;

const phoneOk = (v: string | null | undefined): v is string => !!v && (PATTERNS.phone.test(v) || PATTERNS.mobile.test(v));

/**
 * The caller's own station address (issue 12 item 8): province/city/county/address as the station
 * record holds them, its site owner and phone as contact, else the caller's own name and mobile.
 * A user without a station (head office, a store without a station) gets the delivery of their last
 * order (issue 24: a store typed its address again on every order), else only name and mobile.
 */
export async function defaultDelivery(sql: Sql, p: Principal): Promise<DefaultDelivery> {
  if (!p.stationId) {
    const {
      rows: [last],
    } = await sql.query<{
      new_contact: string | null;
      new_phone: string | null;
      new_province: string | null;
      new_city: string | null;
      new_county: string | null;
      new_address: string | null;
    }>(
      `SELECT new_contact, new_phone, new_province, new_city, new_county, new_address FROM salesorder
        WHERE ownerid = $1 AND COALESCE(btrim(new_address), '') <> '' ORDER BY createdon DESC LIMIT 1`,
      [p.userId],
    );
    if (last) {
      const s = (v: string | null) => (v ?? '').trim();
      return {
        Contact: s(last.new_contact) || s(p.fullName),
        Phone: phoneOk(s(last.new_phone)) ? s(last.new_phone) : phoneOk(s(p.mobilephone)) ? s(p.mobilephone) : '',
        Province: s(last.new_province),
        City: s(last.new_city),
        County: s(last.new_county),
        Address: s(last.new_address),
      };
    }
  }
  const st = p.stationId
    ? (
        await sql.query<{
          new_province: string | null;
          new_city: string | null;
          new_county: string | null;
          new_address: string | null;
          new_siteowner: string | null;
          new_phone: string | null;
        }>(
          'SELECT new_province, new_city, new_county, new_address, new_siteowner, new_phone FROM new_srv_station WHERE new_srv_stationid = $1',
          [p.stationId],
        )
      ).rows[0]
    : undefined;
  const s = (v: string | null | undefined) => (v ?? '').trim();
  return {
    Contact: s(st?.new_siteowner) || s(p.fullName),
    Phone: phoneOk(s(st?.new_phone)) ? s(st?.new_phone) : phoneOk(s(p.mobilephone)) ? s(p.mobilephone) : '',
    Province: s(st?.new_province),
    City: s(st?.new_city),
    County: s(st?.new_county),
    Address: s(st?.new_address),
  };
}
