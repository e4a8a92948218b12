import { Anchor, Button, Container, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { PublicLayout } from '@/components/layouts/public-layout';
import { useDocumentTitle } from '@/components/ui/document-title';

export function RegisterPage() {
  useDocumentTitle(['Create your account']);
  return (
    <PublicLayout>
      <Container size={520} py={{ base: 32, sm: 64 }}>
        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
          <Stack gap="md">
            <Title order={1} fz={28}>
              Create your account
            </Title>
            <Text>
              There is no separate sign-up. Your Teamup account is created the first time you sign
              in with Google.
            </Text>
            <List spacing="xs" size="sm">
              <List.Item>Use the Google account of your university email.</List.Item>
              <List.Item>
                If your instructor enrolled you from a class roster, your courses appear as soon as
                you sign in.
              </List.Item>
              <List.Item>You can complete your profile (skills, links, bio) afterwards.</List.Item>
            </List>
            <Button component={Link} to="/auth/login" size="md">
              Sign in with Google
            </Button>
            <Text size="sm" c="dimmed">
              Already have an account?{' '}
              <Anchor component={Link} to="/auth/login" c="blue.9" underline="always">
                Sign in
              </Anchor>
            </Text>
          </Stack>
        </Paper>
      </Container>
    </PublicLayout>
  );
}
