import { M, type TSearchItem } from '@sampada/shared';
import {
  Badge,
  CloseButton,
  Group,
  Modal,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { openStockDetail } from '../../../lib/drawers';
import { translateMessage } from '../../../lib/i18n';
import { formatPrice } from '../../../lib/market/format';
import { useStockSearch } from '../../../lib/market/stock-search';
import { useSearchTranslation } from '../i18n';

export interface SearchOverlayProps {
  opened: boolean;
  onClose: () => void;
  /** Full-screen under 768 px, like every modal on a phone (spec §2). */
  fullScreen?: boolean;
}

/**
 * The global search of spec §2, §4 and §9: type a symbol or a name; arrows move the
 * highlight, Enter opens the highlighted stock's detail, Escape closes.
 */
export function SearchOverlay({ opened, onClose, fullScreen = false }: SearchOverlayProps) {
  const { t } = useSearchTranslation();
  const [text, setText] = useState('');
  const close = () => {
    setText('');
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('title')}
      fullScreen={fullScreen}
      yOffset="10vh"
      size="lg"
      data-testid="search-overlay"
    >
      <SearchBox text={text} onTextChange={setText} onSelect={close} />
    </Modal>
  );
}

/** One result: symbol, market and name, and the price; highlighted while active. */
function SearchResult({
  item,
  id,
  active,
  onHover,
  onChoose,
}: {
  item: TSearchItem;
  id: string;
  active: boolean;
  onHover: () => void;
  onChoose: () => void;
}) {
  return (
    <UnstyledButton
      component="li"
      id={id}
      role="option"
      aria-selected={active}
      data-testid={`search-result-${item.symbol}`}
      onMouseDown={(event) => event.preventDefault()}
      onMouseEnter={onHover}
      onClick={onChoose}
      px="sm"
      py={8}
      style={{
        borderRadius: 'var(--mantine-radius-sm)',
        background: active ? 'var(--mantine-color-teal-light)' : undefined,
      }}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Group gap={6} wrap="nowrap">
            <Text fw={700} size="sm">
              {item.symbol}
            </Text>
            <Badge size="xs" variant="light" color="gray">
              {item.market}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed" truncate>
            {item.name}
          </Text>
        </Stack>
        <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums', flexShrink: 0 }}>
          {formatPrice(item.price)}
        </Text>
      </Group>
    </UnstyledButton>
  );
}

/**
 * The highlighted result: back to the first on new results, kept in view, moved by the arrow
 * keys (round the ends), chosen by Enter.
 */
function useActiveResult(
  items: TSearchItem[],
  listId: string,
  choose: (item: TSearchItem) => void,
) {
  const [active, setActive] = useState(0);
  const [shownItems, setShownItems] = useState(items);

  // New results: the highlight starts again on the first row.
  if (items !== shownItems) {
    setShownItems(items);
    setActive(0);
  }

  useEffect(() => {
    document.getElementById(`${listId}-option-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, listId]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    const count = items.length;
    if (event.key === 'ArrowDown' && count) {
      event.preventDefault();
      setActive((index) => (index + 1) % count);
    } else if (event.key === 'ArrowUp' && count) {
      event.preventDefault();
      setActive((index) => (index - 1 + count) % count);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const item = items[active];
      if (item) choose(item);
    }
  };
  return { active, setActive, onKeyDown };
}

function SearchBox({
  text,
  onTextChange,
  onSelect,
}: {
  text: string;
  onTextChange: (text: string) => void;
  onSelect: () => void;
}) {
  const { t } = useSearchTranslation();
  const { items, status } = useStockSearch(text);
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;
  const choose = (item: TSearchItem) => {
    onSelect();
    openStockDetail(item.symbol, item.market);
  };
  const { active, setActive, onKeyDown } = useActiveResult(items, listId, choose);

  const expanded = items.length > 0;
  return (
    <Stack gap="sm">
      <TextInput
        data-autofocus
        value={text}
        onChange={(event) => onTextChange(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        placeholder={translateMessage(M.searchPlaceholder)}
        aria-label={t('title')}
        leftSection={<IconSearch size={18} aria-hidden />}
        rightSection={
          text ? (
            <CloseButton tabIndex={-1} aria-label={t('clear')} onClick={() => onTextChange('')} />
          ) : null
        }
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded ? optionId(active) : undefined}
        autoComplete="off"
        spellCheck={false}
        data-testid="search-input"
      />
      <div aria-live="polite">
        {status === 'loading' && (
          <Text size="sm" c="dimmed" ta="center" py="sm" data-testid="search-loading">
            {translateMessage(M.searchLoading)}
          </Text>
        )}
        {status === 'done' && items.length === 0 && (
          <Text size="sm" c="dimmed" ta="center" py="sm" data-testid="search-empty">
            {translateMessage(M.searchEmpty)}
          </Text>
        )}
      </div>
      <Stack
        component="ul"
        id={listId}
        role="listbox"
        aria-label={t('results')}
        gap={2}
        m={0}
        p={0}
        style={{ listStyle: 'none', maxHeight: '55vh', overflowY: 'auto' }}
        hidden={!expanded}
      >
        {items.map((item, index) => (
          <SearchResult
            key={`${item.market}:${item.symbol}`}
            item={item}
            id={optionId(index)}
            active={index === active}
            onHover={() => setActive(index)}
            onChoose={() => choose(item)}
          />
        ))}
      </Stack>
    </Stack>
  );
}
