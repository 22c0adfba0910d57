/** Porthole's own version, and the BAP protocol version it speaks. */
export const PORTHOLE_VERSION = "0.1.0";
export const PROTOCOL_VERSION = "0.9.0";
