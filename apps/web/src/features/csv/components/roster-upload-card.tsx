import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { CsvUploadStatus } from '@teamup/shared';
import { IconAlertCircle, IconUpload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useSingleSubmit } from '@/lib/use-single-submit';
import { useUploadRoster } from '../api/upload-roster';
import { notifyAccepted, notifyFinished, notifyRefused } from '../notifications';
import { blockingProblem, previewRosterFile, type RosterPreview } from '../utils/preview-roster';
import { CoursePicker } from './course-picker';
import { RosterDropzone } from './roster-dropzone';
import { ALERT_TITLE } from './table-and-alert-styles';
import { RecentCourseUploads } from './recent-course-uploads';
import { BLOCKING_PROBLEMS_ID, RosterPreviewView } from './roster-preview';
import { RunningUploads } from './running-uploads';
import { UploadResultPanel } from './upload-result';

/** The upload the card follows: the one just sent, or a running one the admin chose. */
type CurrentUpload = { id: string; fileName: string; knownStatus: CsvUploadStatus };

type Chosen =
  | { state: 'none' }
  | { state: 'too-many' }
  | { state: 'reading'; file: File }
  | { state: 'unreadable'; file: File; message: string }
  | { state: 'ready'; file: File; preview: RosterPreview };

function uploadBlocker(courseId: string | undefined, chosen: Chosen): string | null {
  if (!courseId) return 'Choose a course first.';
  switch (chosen.state) {
    case 'none':
    case 'too-many':
      return 'Choose a CSV file.';
    case 'reading':
      return 'Reading the file…';
    case 'unreadable':
      return chosen.message;
    case 'ready':
      return blockingProblem(chosen.preview)?.message ?? null;
  }
}

/**
 * The result replaces a long preview: focus moves to its heading, so the page scrolls back to
 * it and a screen reader announces where the user now is.
 */
function ResultHeading() {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <Title order={2} fz="h3" ref={ref} tabIndex={-1} style={{ outline: 'none' }}>
      Upload result
    </Title>
  );
}

type RosterUploadCardProps = {
  courseId: string | undefined;
  onCourseChange: (courseId: string | undefined) => void;
  /** Opens an earlier upload's result. */
  onOpen: (uploadId: string) => void;
};

/** Choose a course and a file, check the preview, upload, then follow the job to its result. */
export function RosterUploadCard({ courseId, onCourseChange, onOpen }: RosterUploadCardProps) {
  const [chosen, setChosen] = useState<Chosen>({ state: 'none' });
  const [current, setCurrent] = useState<CurrentUpload | null>(null);
  const upload = useUploadRoster();
  const once = useSingleSubmit(upload.isPending);
  // A slow read of an earlier file must not replace the preview of a later one.
  const readCount = useRef(0);

  const chooseFile = async (file: File) => {
    const read = ++readCount.current;
    upload.reset();
    setChosen({ state: 'reading', file });
    try {
      const preview = await previewRosterFile(file);
      if (read === readCount.current) setChosen({ state: 'ready', file, preview });
    } catch (error) {
      if (read !== readCount.current) return;
      const message = error instanceof Error ? error.message : String(error);
      setChosen({ state: 'unreadable', file, message: `The file could not be read: ${message}` });
    }
  };

  const clear = () => {
    readCount.current++;
    upload.reset();
    setChosen({ state: 'none' });
  };

  const blocker = uploadBlocker(courseId, chosen);
  // A refused file's problems are listed in the preview; the hint points there, not repeats.
  const fileRefused = chosen.state === 'ready' && Boolean(blockingProblem(chosen.preview));
  const hint = fileRefused
    ? 'Upload is unavailable: fix the problem shown above, then choose the file again.'
    : blocker;

  const submitOnce = once(() => submit());
  function submit() {
    if (blocker || !courseId || chosen.state !== 'ready') return;
    const { file } = chosen;
    upload.mutate(
      { courseId, file },
      {
        onSuccess: (accepted) => {
          notifyAccepted(file.name, accepted.message);
          setCurrent({ id: accepted.id, fileName: file.name, knownStatus: 'QUEUED' });
          clear();
        },
        onError: (error) => notifyRefused(file.name, error),
      },
    );
  }

  if (current) {
    return (
      <Stack gap="md">
        <ResultHeading />
        <UploadResultPanel
          key={current.id}
          uploadId={current.id}
          knownStatus={current.knownStatus}
          onFinished={notifyFinished}
          fileName={current.fileName}
        />
        <Group>
          <Button variant="default" onClick={() => setCurrent(null)}>
            Upload another roster
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Title order={2} fz="h3">
        Upload a roster
      </Title>
      <RunningUploads
        onFollow={(u) => setCurrent({ id: u.id, fileName: u.fileName, knownStatus: u.status })}
      />
      <CoursePicker value={courseId} onChange={onCourseChange} disabled={upload.isPending} />
      {courseId && <RecentCourseUploads courseId={courseId} onOpen={onOpen} />}
      {chosen.state === 'ready' ? (
        <RosterPreviewView preview={chosen.preview} onClear={clear} />
      ) : (
        <RosterDropzone
          onFile={(file) => void chooseFile(file)}
          onTooMany={() => setChosen({ state: 'too-many' })}
          disabled={upload.isPending}
        />
      )}
      {chosen.state === 'reading' && (
        <Group gap="xs">
          <Loader size="xs" aria-hidden />
          <Text size="sm" role="status">
            Reading {chosen.file.name}…
          </Text>
        </Group>
      )}
      {chosen.state === 'too-many' && (
        <Alert color="red.9" variant="light" role="alert" icon={<IconAlertCircle aria-hidden />}>
          Choose one file at a time: each upload enrolls one roster into one course.
        </Alert>
      )}
      {chosen.state === 'unreadable' && (
        <Alert color="red.9" variant="light" role="alert" icon={<IconAlertCircle aria-hidden />}>
          {chosen.message}
        </Alert>
      )}
      {upload.isError && (
        <Alert
          color="red.9"
          variant="light"
          role="alert"
          title="The server refused this file"
          styles={ALERT_TITLE.red}
          icon={<IconAlertCircle aria-hidden />}
        >
          <Text size="sm">{upload.error.message}</Text>
          <Text size="sm" mt={4}>
            Nothing was stored. Fix the file and choose it again.
          </Text>
        </Alert>
      )}
      <Group gap="sm" align="center" wrap="wrap">
        <Button
          onClick={submitOnce}
          disabled={Boolean(blocker)}
          loading={upload.isPending}
          leftSection={<IconUpload size={16} aria-hidden />}
          aria-describedby={
            fileRefused
              ? `csv-upload-blocker ${BLOCKING_PROBLEMS_ID}`
              : blocker
                ? 'csv-upload-blocker'
                : undefined
          }
        >
          Upload
        </Button>
        {hint && (
          <Text
            size="sm"
            id="csv-upload-blocker"
            // A problem of the chosen file is an error; a missing course or file is a next step.
            c={chosen.state === 'ready' || chosen.state === 'unreadable' ? 'red.9' : 'dimmed'}
          >
            {hint}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
