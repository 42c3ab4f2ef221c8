/** The station quota screen of a station (`/stationAmount/edit?id=`: the spec's path has no id). */
export const stationAmountPath = (id: string) => `/stationAmount/edit?id=${encodeURIComponent(id)}`;

/** Station fields the quota screen shows: which station, and its quota. */
export const STATION_AMOUNT_FIELDS = ['new_code', 'new_name', 'new_limitamount', 'new_beginamount', 'new_currentamount'];
