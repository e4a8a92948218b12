import { Drawer } from '@mantine/core';
import { UploadResultPanel } from './upload-result';

type UploadResultDrawerProps = { uploadId: string | undefined; onClose: () => void };

/** The result of one upload from the history; the id lives in the URL so it can be shared. */
export function UploadResultDrawer({ uploadId, onClose }: UploadResultDrawerProps) {
  return (
    <Drawer.Root opened={Boolean(uploadId)} onClose={onClose} position="right" size="xl">
      <Drawer.Overlay />
      <Drawer.Content>
        {/* Mantine's header is a <header>: a second banner landmark beside the app's own. */}
        <Drawer.Header component="div">
          <Drawer.Title fw={700} fz="lg">
            Upload result
          </Drawer.Title>
          <Drawer.CloseButton aria-label="Close upload result" />
        </Drawer.Header>
        <Drawer.Body>
          {uploadId && <UploadResultPanel key={uploadId} uploadId={uploadId} />}
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
