import { AGREEMENT_SCROLL_THRESHOLD_PX } from '@sampada/shared';
import { Box, Button, Checkbox, Flex, Group, Stack, Text, Title } from '@mantine/core';
import { IconChevronsDown } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useKycTranslation } from '../i18n';

interface TSection {
  heading: string;
  paragraphs: string[];
}

/** True once the box is scrolled to within 30 px of its bottom (spec §2, §9). */
export const isNearBottom = (
  el: Pick<HTMLElement, 'scrollHeight' | 'scrollTop' | 'clientHeight'>,
) => el.scrollHeight - el.scrollTop - el.clientHeight <= AGREEMENT_SCROLL_THRESHOLD_PX;

/** Over the text's foot until it is read to the end: there is more below. */
function ScrollHint() {
  const { t } = useKycTranslation();
  return (
    <Group
      gap={4}
      justify="center"
      pos="absolute"
      bottom={0}
      left={0}
      right={0}
      py={6}
      style={{
        pointerEvents: 'none',
        background: 'linear-gradient(transparent, var(--mantine-color-body) 60%)',
        borderRadius: '0 0 8px 8px',
      }}
      data-testid="agreement-scroll-hint"
    >
      <IconChevronsDown size={16} />
      <Text size="xs" fw={500}>
        {t('agreement.scrollHint')}
      </Text>
    </Group>
  );
}

/**
 * Step 0: the agreement. The reading hint goes once the text is read to the end; the box
 * must be ticked before 'Agree and Continue' is enabled; "I don't agree" logs out.
 */
export function AgreementStep({
  onAgree,
  onDisagree,
}: {
  onAgree: () => void;
  onDisagree: () => void;
}) {
  const { t } = useKycTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [read, setRead] = useState(false);
  const [accepted, setAccepted] = useState(false);
  const sections = t('agreement.sections', { returnObjects: true }) as TSection[];

  const check = () => {
    if (box.current && isNearBottom(box.current)) setRead(true);
  };
  useEffect(check, []);

  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        {t('agreement.heading')}
      </Title>
      <Box pos="relative">
        <Box
          ref={box}
          onScroll={check}
          data-testid="agreement-text"
          tabIndex={0}
          h={{ base: '48dvh', sm: 360 }}
          p="md"
          style={{
            overflowY: 'auto',
            border: '1px solid var(--mantine-color-gray-3)',
            borderRadius: 8,
          }}
        >
          <Stack gap="sm">
            {sections.map((section) => (
              <Stack key={section.heading} gap={4}>
                <Text fw={600}>{section.heading}</Text>
                {section.paragraphs.map((paragraph) => (
                  <Text key={paragraph} size="sm">
                    {paragraph}
                  </Text>
                ))}
              </Stack>
            ))}
          </Stack>
        </Box>
        {!read && <ScrollHint />}
      </Box>
      <Checkbox
        label={t('agreement.accept')}
        checked={accepted}
        onChange={(event) => setAccepted(event.currentTarget.checked)}
      />
      <Flex direction={{ base: 'column-reverse', xs: 'row' }} gap="sm">
        <Button variant="default" onClick={onDisagree} flex={1}>
          {t('agreement.disagree')}
        </Button>
        <Button onClick={onAgree} disabled={!accepted} flex={1}>
          {t('agreement.agree')}
        </Button>
      </Flex>
    </Stack>
  );
}
