import { Grid, Paper } from '@mantine/core';
import { PageHeader } from '@/components/ui/page-header';
import { toUploadHistoryFilter, type CsvEnrollSearch } from '../utils/csv-enroll-search';
import { RosterHelp } from './roster-help';
import { RosterUploadCard } from './roster-upload-card';
import { UploadHistory } from './upload-history';
import { UploadResultDrawer } from './upload-result-drawer';

type CsvEnrollPageProps = {
  search: CsvEnrollSearch;
  onSearchChange: (next: Partial<CsvEnrollSearch>) => void;
};

export function CsvEnrollPage({ search, onSearchChange }: CsvEnrollPageProps) {
  return (
    <>
      <PageHeader
        title="Enroll Students"
        description="Upload a CSV roster to enroll a whole class at once."
      />
      <Grid gutter="lg" mb="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} h="100%">
            <RosterUploadCard
              courseId={search.courseId}
              onCourseChange={(courseId) => onSearchChange({ courseId })}
              onOpen={(uploadId) => onSearchChange({ uploadId })}
            />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} h="100%">
            <RosterHelp />
          </Paper>
        </Grid.Col>
      </Grid>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <UploadHistory
          filter={toUploadHistoryFilter(search)}
          onFilterChange={(f) =>
            onSearchChange({
              historyCourseId: f.courseId,
              historyStatus: f.status,
              historyMine: f.mine,
              historyQ: f.q,
              historyPage: f.page,
            })
          }
          onOpen={(uploadId) => onSearchChange({ uploadId })}
        />
      </Paper>
      <UploadResultDrawer
        uploadId={search.uploadId}
        onClose={() => onSearchChange({ uploadId: undefined })}
      />
    </>
  );
}
