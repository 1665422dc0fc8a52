import { Center, Loader } from '@mantine/core';

/** Shown while the first route's code and data load. */
export function PageLoader() {
  return (
    <Center mih="100dvh">
      <Loader />
    </Center>
  );
}
