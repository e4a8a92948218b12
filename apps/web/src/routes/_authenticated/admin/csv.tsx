import { createFileRoute } from '@tanstack/react-router';
import { csvUploadStatusSchema } from '@teamup/shared';
import { useCallback } from 'react';
import { z } from 'zod';
import { csvCourseOptionsQueryOptions } from '@/features/csv/api/get-course-options';
import { adminCsvUploadsQueryOptions } from '@/features/csv/api/get-admin-csv-uploads';
import { CsvEnrollPage } from '@/features/csv/components/csv-enroll-page';
import { toUploadHistoryFilter, type CsvEnrollSearch } from '@/features/csv/utils/csv-enroll-search';
import { useDocumentTitle } from '@/components/ui/document-title';

// A hand-edited or stale URL falls back to the defaults instead of an error page.
const csvSearchSchema = z.object({
  courseId: z.uuid().optional().catch(undefined),
  uploadId: z.uuid().optional().catch(undefined),
  historyCourseId: z.uuid().optional().catch(undefined),
  historyStatus: csvUploadStatusSchema.optional().catch(undefined),
  historyMine: z.boolean().optional().catch(undefined),
  historyQ: z.string().max(100).optional().catch(undefined),
  historyPage: z.coerce.number().int().min(1).optional().catch(undefined),
});

export const Route = createFileRoute('/_authenticated/admin/csv')({
  validateSearch: csvSearchSchema,
  loaderDeps: ({ search }) => toUploadHistoryFilter(search),
  // prefetch, not ensure: the page shows its own loading and error states.
  loader: ({ context, deps }) =>
    Promise.all([
      context.queryClient.prefetchQuery(csvCourseOptionsQueryOptions()),
      context.queryClient.prefetchQuery(adminCsvUploadsQueryOptions(deps)),
    ]),
  component: CsvEnrollRoute,
});

function CsvEnrollRoute() {
  useDocumentTitle(['Enroll Students']);
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (next: Partial<CsvEnrollSearch>) =>
      void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true }),
    [navigate],
  );
  return <CsvEnrollPage search={search} onSearchChange={onSearchChange} />;
}
