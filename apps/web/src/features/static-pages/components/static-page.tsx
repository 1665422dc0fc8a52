import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useAppName, useSystemSettings } from '../../../lib/system-settings';
import { type TSection, useStaticTranslation } from '../i18n';

/** The firm's support contacts from the public settings, once they have loaded. */
export function SupportContact() {
  const { t } = useStaticTranslation();
  const { data } = useSystemSettings();
  if (!data) return null;
  const { email, phone, hours } = data.support;
  return <Text>{t('contact', { email, phone, hours })}</Text>;
}

/** Layout of the public text pages: title, sections, and a Home button back to /login. */
export function StaticPage({
  page,
  children,
}: {
  page: 'about' | 'privacy' | 'cookie';
  children?: ReactNode;
}) {
  const { t } = useStaticTranslation();
  const appName = useAppName();
  const sections = t(`${page}.sections`, { returnObjects: true }) as TSection[];
  return (
    <Container size="sm" py="xl" component="main">
      <Stack gap="lg">
        <Group justify="space-between" align="center">
          <Title order={1}>{t(`${page}.title`)}</Title>
          <Button
            component={Link}
            to={paths.login}
            variant="light"
            leftSection={<IconHome size={18} />}
          >
            {t('home')}
          </Button>
        </Group>
        <Text size="lg">{t(`${page}.lead`, { appName })}</Text>
        {sections.map((section) => (
          <Stack key={section.heading} gap="xs" component="section">
            <Title order={2} size="h3">
              {section.heading}
            </Title>
            {section.paragraphs.map((paragraph) => (
              <Text key={paragraph}>{paragraph}</Text>
            ))}
          </Stack>
        ))}
        {children}
        <Group justify="center" mt="md">
          <Button component={Link} to={paths.login} leftSection={<IconHome size={18} />}>
            {t('home')}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
