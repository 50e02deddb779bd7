import { BundleInputError } from "./issues";
import { SUPPORTED_FORMATS_TEXT } from "./formats";

export function unknownFormat(reason: string): BundleInputError {
  return new BundleInputError({
    path: "",
    message: `unrecognised file format: ${reason}. Supported formats: ${SUPPORTED_FORMATS_TEXT.join("; ")}`,
  });
}
