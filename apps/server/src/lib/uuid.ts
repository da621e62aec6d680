const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are opaque strings on the wire; one that is not a uuid names nothing and must not reach a uuid column. */
export const isUuid = (value: string): boolean => UUID.test(value);
