/** The portal user type of a service station's people (systemuser.new_usertype). */
export const STATION_USER = 3;
