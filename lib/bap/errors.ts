/** BAP errors live with the one error table (lib/protocol/errors.ts); the door's files import them here. */
export {
  BAP,
  BapError,
  type BapErrorData,
  type BapErrorOptions,
  fromPorthole,
  invalidParams,
  toBapError,
  type WireError,
} from "../protocol/errors.ts";
