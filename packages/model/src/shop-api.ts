/** The delivery details of a shop order, as the cart API carries them (names as text). */
export interface DeliveryDetails {
  Contact: string;
  Phone: string;
  Province: string;
  City: string;
  County: string;
  Address: string;
}
