import { apiErrorBody, type ApiErrorBody, type ApiErrorCode } from "#domain/api-errors.ts";

/** An expected failure with a code from the shared catalogue; the error handler answers it as-is. */
export class AppError extends Error {
  override name = "AppError";
  readonly body: ApiErrorBody;
  constructor(code: ApiErrorCode, description?: ApiErrorBody["description"]) {
    const body = apiErrorBody(code, description);
    super(`${code}: ${body.description.eng}`);
    this.body = body;
  }
  get statusCode(): number {
    return this.body.status;
  }
}
