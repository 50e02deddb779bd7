import type { JsonObject } from "../schema/common";

/** Sets a key only when the value is defined and not null (metadata keeps what the source says, nothing invented). */
export function putDefined(target: JsonObject, key: string, value: JsonObject[string] | undefined): void {
  if (value !== undefined && value !== null) target[key] = value;
}
