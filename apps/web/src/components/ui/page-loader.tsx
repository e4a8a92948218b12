import { Center, Loader } from '@mantine/core';

export function PageLoader() {
  return (
    <Center mih="50vh" w="100%">
      <Loader aria-label="Loading" role="status" />
    </Center>
  );
}
