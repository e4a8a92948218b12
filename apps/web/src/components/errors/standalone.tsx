import { Box } from '@mantine/core';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { AppError } from './app-error';
import { NotFound } from './not-found';

// At the root there is no layout around the page, so these supply the main landmark themselves.
export function RootNotFound() {
  return (
    <Box component="main">
      <NotFound />
    </Box>
  );
}

export function RootError({ error }: ErrorComponentProps) {
  return (
    <Box component="main">
      <AppError error={error} />
    </Box>
  );
}
