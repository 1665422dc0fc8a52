import type { TCompany } from '@sampada/shared';
import { Anchor, AspectRatio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { NO_VALUE } from '../../lib/market/format';
import { safeWebsite, toVideoEmbed } from './company-video';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" style={{ wordBreak: 'break-word' }}>
        {children}
      </Text>
    </Stack>
  );
}

export interface CompanyIntroProps {
  company: TCompany;
  /** The Discover company view plays the video; the stock detail leaves it out. */
  withVideo?: boolean;
  headingOrder?: 2 | 3;
}

/** The company introduction: description, founded, headquarters, website and video. */
export function CompanyIntro({ company, withVideo = false, headingOrder = 3 }: CompanyIntroProps) {
  const { t } = useTranslation();
  const website = safeWebsite(company.website);
  const video = withVideo ? toVideoEmbed(company.video_url) : null;
  return (
    <Stack gap="md" data-testid="company-intro">
      <Title order={headingOrder} size="h4">
        {t('company.title', { name: company.name })}
      </Title>
      {company.description && (
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          {company.description}
        </Text>
      )}
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        <Fact label={t('company.founded')}>{company.founded ?? NO_VALUE}</Fact>
        <Fact label={t('company.headquarters')}>{company.headquarters || NO_VALUE}</Fact>
        <Fact label={t('company.website')}>
          {website ? (
            <Anchor href={website} target="_blank" rel="noopener noreferrer" size="sm">
              {new URL(website).hostname.replace(/^www\./, '')}
            </Anchor>
          ) : (
            NO_VALUE
          )}
        </Fact>
        <Fact label={t('company.sector')}>{company.sector || NO_VALUE}</Fact>
        <Fact label={t('company.industry')}>{company.industry || NO_VALUE}</Fact>
        <Fact label={t('company.isin')}>{company.isin || NO_VALUE}</Fact>
      </SimpleGrid>
      {video && (
        <Stack gap="xs" data-testid="company-video">
          <Title order={headingOrder === 2 ? 3 : 4} size="h5">
            {t('company.video')}
          </Title>
          <AspectRatio ratio={16 / 9}>
            {video.kind === 'file' ? (
              <video
                src={video.src}
                controls
                preload="metadata"
                title={t('company.videoTitle', { name: company.name })}
              />
            ) : (
              <iframe
                src={video.src}
                title={t('company.videoTitle', { name: company.name })}
                loading="lazy"
                allow="encrypted-media; picture-in-picture; fullscreen"
                referrerPolicy="strict-origin-when-cross-origin"
                style={{ border: 0 }}
              />
            )}
          </AspectRatio>
        </Stack>
      )}
    </Stack>
  );
}
