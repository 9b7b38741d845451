import { apiErrorSchema } from '@qbank/shared/errors';
import { importPreviewResponseSchema, importResponseSchema, type ImportPreviewResponse, type ImportRequest, type ImportResponse } from '@qbank/shared/imports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError, apiRequest } from '../lib/api-client';
import { downloadFile } from '../lib/download';
import { commonMessages as messages } from '../common/messages';

// The bulk import calls (issue 16): a multipart preview of the file, then the edited rows as JSON.

async function failure(response: Response): Promise<ApiRequestError> {
  let body: unknown = null;
  try {
    body = (await response.json()) as unknown;
  } catch {
    // Not JSON: the status says enough.
  }
  const parsed = apiErrorSchema.safeParse(body);
  return new ApiRequestError({
    status: response.status,
    message: parsed.success ? parsed.data.message : messages.errors.requestFailed(response.status),
    ...(parsed.success ? { code: parsed.data.code } : {}),
    body,
  });
}

/** POST /v1/test/{id}/import?dry_run=1 with the file as multipart: nothing is saved. */
export async function previewImport(testCode: number, file: File): Promise<ImportPreviewResponse> {
  const form = new FormData();
  form.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch(`/v1/test/${testCode}/import?dry_run=1`, {
      method: 'POST',
      body: form,
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
  } catch (error) {
    throw new ApiRequestError({ status: 0, message: messages.errors.network, code: 'NETWORK', body: error });
  }
  if (!response.ok) throw await failure(response);
  const parsed = importPreviewResponseSchema.safeParse(await response.json());
  if (!parsed.success) throw new ApiRequestError({ status: response.status, message: messages.errors.badResponse, code: 'BAD_RESPONSE' });
  return parsed.data;
}

export function useRunImport(testCode: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ImportRequest): Promise<ImportResponse> =>
      apiRequest(`/v1/test/${testCode}/import`, { method: 'POST', body, schema: importResponseSchema }),
    // The exam's lists and problems changed.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export function downloadImportTemplate(format: 'xlsx' | 'csv'): Promise<string> {
  return downloadFile(`/v1/test/import-template?format=${format}`, `import-template.${format}`);
}
