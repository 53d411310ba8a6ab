import { apiErrorBody, type ApiErrorBody, type ApiErrorCode } from "#domain/api-errors.ts";

/** An expected failure with a code from the shared catalogue; the error handler answers it as-is. */
export class AppError extends Error {
  override name = "AppError";
  readonly body: ApiErrorBody;
  /** Logged already where it was raised (once, not per request): the error handler stays quiet. */
  readonly reported: boolean;
  constructor(
    code: ApiErrorCode,
    description?: ApiErrorBody["description"],
    options: { reported?: boolean } = {},
  ) {
    const body = apiErrorBody(code, description);
    super(`${code}: ${body.description.eng}`);
    this.body = body;
    this.reported = options.reported ?? false;
  }
  get statusCode(): number {
    return this.body.status;
  }
}
