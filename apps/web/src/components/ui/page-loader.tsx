import { Center, Loader, Skeleton, Stack } from '@mantine/core';

/**
 * The shape of PageHeader (title and description) while a page's data is not known yet, so the
 * header's place does not jump when the page arrives.
 */
export function PageHeaderSkeleton() {
  return (
    <Stack gap={10} mb="lg" aria-hidden>
      <Skeleton height={32} width="min(320px, 70%)" radius="sm" />
      <Skeleton height={14} width="min(520px, 90%)" radius="sm" />
    </Stack>
  );
}

/**
 * What a route shows while its data loads (the router's pending component): a page-shaped
 * skeleton under the shell, not a spinner in the middle of an empty page.
 */
export function PageLoader() {
  return (
    <Stack gap="md" w="100%" role="status" aria-label="Loading" aria-busy>
      <PageHeaderSkeleton />
      <Skeleton height={120} radius="md" />
      <Skeleton height={120} radius="md" />
    </Stack>
  );
}

/** Before there is a shell to put a page in (checking the session): a spinner in the middle. */
export function FullPageLoader() {
  return (
    <Center mih="50vh" w="100%" component="main">
      <Loader aria-label="Loading" role="status" />
    </Center>
  );
}
