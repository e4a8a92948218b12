import { createFileRoute } from '@tanstack/react-router';
import { CSV_UPLOAD_STATUSES } from '@teamup/shared';
import { useCallback } from 'react';
import {
  defined,
  optionalBoolean,
  optionalEnum,
  optionalPage,
  optionalString,
  optionalUuid,
} from '@/lib/search-params';
import { csvCourseOptionsQueryOptions } from '@/features/csv/api/get-course-options';
import { adminCsvUploadsQueryOptions } from '@/features/csv/api/get-admin-csv-uploads';
import { CsvEnrollPage } from '@/features/csv/components/csv-enroll-page';
import {
  toUploadHistoryFilter,
  type CsvEnrollSearch,
} from '@/features/csv/utils/csv-enroll-search';
import { useDocumentTitle } from '@/components/ui/document-title';

// A hand-edited or stale URL falls back to the defaults instead of an error page.
const validateCsvSearch = (search: Record<string, unknown>): CsvEnrollSearch =>
  defined({
    courseId: optionalUuid(search.courseId),
    uploadId: optionalUuid(search.uploadId),
    historyCourseId: optionalUuid(search.historyCourseId),
    historyStatus: optionalEnum(search.historyStatus, CSV_UPLOAD_STATUSES),
    historyMine: optionalBoolean(search.historyMine),
    historyQ: optionalString(search.historyQ, { max: 100 }),
    historyPage: optionalPage(search.historyPage),
  });

export const Route = createFileRoute('/_authenticated/admin/csv')({
  validateSearch: validateCsvSearch,
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
