// Loaded with the CSV screen, not in the entry stylesheet (decision 091).
import '@mantine/dropzone/styles.css';
import { Button, Group, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { CSV_MAX_BYTES, CSV_MAX_ROWS } from '@teamup/shared';
import { IconFileSpreadsheet, IconFileUpload, IconX } from '@tabler/icons-react';
import { useRef } from 'react';
import { formatBytes } from '../utils/preview-roster';

/** Windows reports .csv files as application/vnd.ms-excel; some systems as text/plain. */
const ACCEPT = {
  'text/csv': ['.csv'],
  'text/plain': ['.csv', '.txt'],
  'application/vnd.ms-excel': ['.csv'],
};

type RosterDropzoneProps = {
  onFile: (file: File) => void;
  /** More than one file: the page says one at a time. */
  onTooMany: () => void;
  disabled?: boolean;
};

/**
 * Drop or pick one file. A file of another type is still handed over: the preview explains why
 * it cannot be uploaded, which says more than a red border.
 */
export function RosterDropzone({ onFile, onTooMany, disabled }: RosterDropzoneProps) {
  const openRef = useRef<() => void>(null);
  const onReject = (rejections: FileRejection[]) => {
    if (rejections.length > 1) onTooMany();
    else if (rejections[0]) onFile(rejections[0].file);
  };
  return (
    <Stack gap="xs">
      <Dropzone
        openRef={openRef}
        onDrop={(files) => {
          if (files.length > 1) onTooMany();
          else if (files[0]) onFile(files[0]);
        }}
        onReject={onReject}
        accept={ACCEPT}
        multiple={false}
        disabled={disabled}
        radius="md"
        inputProps={{ 'aria-label': 'Roster file (CSV)' }}
        // The visible button below opens the same dialog for keyboard users.
        activateOnKeyboard={false}
        // A plain file input: the File System Access picker ignores `accept` on some systems.
        useFsAccessApi={false}
      >
        <Group justify="center" gap="md" mih={110} wrap="nowrap" style={{ pointerEvents: 'none' }}>
          <Dropzone.Accept>
            <IconFileUpload size={40} stroke={1.5} aria-hidden />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={40} stroke={1.5} aria-hidden />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconFileSpreadsheet size={40} stroke={1.5} aria-hidden />
          </Dropzone.Idle>
          <div>
            <Text fw={500}>Drop the roster CSV here</Text>
            <Text size="sm" c="dimmed">
              One file, up to {formatBytes(CSV_MAX_BYTES)} and{' '}
              {CSV_MAX_ROWS.toLocaleString('en-US')} rows.
            </Text>
          </div>
        </Group>
      </Dropzone>
      <Group gap="xs">
        <Button
          variant="default"
          onClick={() => openRef.current?.()}
          disabled={disabled}
          leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
        >
          Choose file
        </Button>
      </Group>
    </Stack>
  );
}
