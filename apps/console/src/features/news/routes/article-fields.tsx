import { Card, Group, Stack, TagsInput, Textarea, TextInput } from '@mantine/core';
import {
  NEWS_SYMBOLS_MAX,
  type TNewsArticleInput,
  type TNewsArticleRequest,
} from '@sampada/shared';
import { Controller, type FieldErrors, type UseFormReturn } from 'react-hook-form';

/** The article's text: title, summary, body, the stocks it is about and where it came from. */
export function ArticleFields({
  form,
  errors,
}: {
  form: UseFormReturn<TNewsArticleInput, unknown, TNewsArticleRequest>;
  errors: FieldErrors<TNewsArticleInput>;
}) {
  return (
    <Card withBorder>
      <Stack>
        <TextInput
          label="Title"
          withAsterisk
          {...form.register('title')}
          error={errors.title?.message}
        />
        <Textarea
          label="Summary"
          description="Shown on the news list; needed to publish"
          autosize
          minRows={2}
          {...form.register('summary')}
          error={errors.summary?.message}
        />
        <Textarea
          label="Body"
          description="Plain text; leave a blank line between paragraphs. Needed to publish."
          autosize
          minRows={10}
          {...form.register('body')}
          error={errors.body?.message}
        />
        <Controller
          control={form.control}
          name="symbols"
          render={({ field, fieldState }) => (
            <TagsInput
              label="Symbols"
              description="Stocks the article is about, e.g. RELIANCE; press Enter after each"
              maxTags={NEWS_SYMBOLS_MAX}
              splitChars={[',', ' ']}
              value={field.value ?? []}
              onChange={(value) => field.onChange(value.map((s) => s.toUpperCase()))}
              onBlur={field.onBlur}
              error={fieldState.error?.message ?? errors.symbols?.[0]?.message}
            />
          )}
        />
        <Group grow align="flex-start">
          <TextInput
            label="Source"
            placeholder="Sampada Research"
            {...form.register('source')}
            error={errors.source?.message}
          />
          <TextInput
            label="Link to the original"
            placeholder="https://…"
            {...form.register('link')}
            error={errors.link?.message}
          />
        </Group>
      </Stack>
    </Card>
  );
}
