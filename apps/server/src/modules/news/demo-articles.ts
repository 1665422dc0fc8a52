/**
 * The demo's news: a handful of the firm's own market notes, dated relative to the seed's
 * run so the list always looks current, three of them with a drawn chart as picture.
 */
import type { Actor } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { loadSharp } from '../../platform/on-demand.ts';
import type { NewsService } from './service.ts';

const HOUR = 3_600_000;
const DISCLAIMER =
  'This note is sample content from the Sampada demo. It is for information only and is not investment advice.';

type DemoNote = {
  hoursAgo: number;
  title: string;
  summary: string;
  paragraphs: string[];
  symbols: string[];
  /** Points of a drawn line chart (0–100, higher is up), when the note has a picture. */
  chart?: number[];
  colour?: string;
};

const NOTES: DemoNote[] = [
  {
    hoursAgo: 1,
    title: 'Market wrap: benchmarks end flat as banks offset IT weakness',
    summary:
      'Indian equities finished little changed after a range-bound session. Private lenders found buyers while large IT names eased ahead of the results season.',
    paragraphs: [
      'Benchmark indices spent most of the session within a narrow band and closed close to where they opened. Breadth was slightly negative, with mid- and small-cap indices underperforming the large caps.',
      'Private-sector banks were the steadiest group, helped by expectations of stable deposit costs. Information technology stocks drifted lower as investors waited for quarterly numbers and management commentary on deal pipelines.',
      'Volumes were below their recent average, a pattern we often see in the days before a busy results calendar. We would read little into a single flat session.',
    ],
    symbols: ['HDFCBANK', 'TCS', 'INFY'],
    chart: [52, 55, 50, 48, 53, 51, 54, 52, 50, 53],
    colour: '#1c4e80',
  },
  {
    hoursAgo: 4,
    title: 'Reliance Industries: what to watch in the coming quarter',
    summary:
      'Our note sets out the three business lines that usually drive the conglomerate’s quarterly numbers and the indicators we track for each.',
    paragraphs: [
      'Reliance Industries reports across energy, retail and digital services, and each responds to different forces. Refining margins follow global crude spreads; retail follows store additions and festive demand; digital services follow subscriber growth and average revenue per user.',
      'Rather than forecasting a single number, we watch the direction of each line. A quarter in which two of the three move the same way has historically told investors more than the headline profit figure.',
      'Clients who hold the stock through a diversified portfolio need take no action on the basis of one quarter. Your advisor can walk you through how the position fits your plan.',
    ],
    symbols: ['RELIANCE'],
    chart: [40, 44, 47, 45, 52, 58, 56, 61, 64, 66],
    colour: '#2f9e44',
  },
  {
    hoursAgo: 26,
    title: 'Banking sector note: deposit growth and credit demand',
    summary:
      'Credit growth continues to run ahead of deposit growth across the system. We look at what that means for lenders’ margins and why large private banks are better placed.',
    paragraphs: [
      'For several quarters, loans across the banking system have grown faster than deposits. Banks have bridged the gap by competing for term deposits, which lifts their cost of funds.',
      'Lenders with a large base of current and savings accounts feel this less. HDFC Bank, among others, has focused on rebuilding its deposit franchise after its merger, and we track its loan-to-deposit ratio each quarter.',
      'We expect margins across the sector to stay under mild pressure until deposit growth catches up. This is a reason for selectivity within banks rather than a reason to avoid the sector.',
    ],
    symbols: ['HDFCBANK', 'ICICIBANK'],
  },
  {
    hoursAgo: 31,
    title: 'IT services: reading the results season',
    summary:
      'Large IT companies report over the next two weeks. Our checklist: deal wins, headcount, margins and what clients in the US and Europe are saying about budgets.',
    paragraphs: [
      'Indian IT services companies earn most of their revenue from clients in North America and Europe, so their guidance is as much a reading of overseas technology budgets as of their own execution.',
      'For TCS and Infosys we look first at the total value of new deals signed, then at headcount changes, which show how confident management is about the coming quarters. Operating margin is the third item: currency movements and wage cycles can move it by a percentage point either way.',
      'Share prices in the sector often move more on guidance than on the quarter just ended. We suggest looking past the first day’s reaction.',
    ],
    symbols: ['TCS', 'INFY'],
    chart: [60, 58, 55, 57, 52, 50, 49, 51, 48, 47],
    colour: '#e8590c',
  },
  {
    hoursAgo: 50,
    title: 'Weekly view: a quiet week for the rupee and bond yields',
    summary:
      'The rupee traded in a tight range against the dollar and government bond yields were steady. We summarise what moved and what did not.',
    paragraphs: [
      'Currency markets were calm through the week, with the rupee holding a narrow range against the US dollar. Foreign portfolio flows into equities were mixed, while debt flows stayed positive.',
      'The benchmark ten-year government bond yield barely moved. Without a change in the policy rate outlook, we expect yields to stay range-bound in the near term.',
      'For investors with a mix of equity and debt funds, a steady rate environment means returns on the debt side are coming mostly from interest rather than price changes.',
    ],
    symbols: [],
  },
  {
    hoursAgo: 76,
    title: 'SIP flows stay strong: why regular investing matters in flat markets',
    summary:
      'Monthly inflows through systematic investment plans remain close to record levels. We explain why continuing an SIP through a sideways market can help long-term returns.',
    paragraphs: [
      'Systematic investment plans buy more units when prices are lower and fewer when prices are higher. Over a flat or choppy market, that averaging can leave an investor with a lower average cost than a single lump-sum purchase.',
      'Industry data show that retail investors have kept their SIPs running through recent swings. Stopping an SIP after a weak month is the most common way investors miss the recovery that often follows.',
      'If your goals or income have changed, talk to your advisor before pausing a plan; a smaller SIP is often better than none.',
    ],
    symbols: [],
  },
  {
    hoursAgo: 122,
    title: 'Infosys and TCS: dividend record dates for shareholders',
    summary:
      'A reminder of how record dates work: shares must be held in your demat account on the record date to receive a declared dividend.',
    paragraphs: [
      'When a company declares a dividend it also sets a record date. Under T+1 settlement, shares bought on the trading day before the record date settle in time; shares bought on the record date itself do not qualify.',
      'Dividends are paid to the bank account linked to your demat account. They are taxable as income in your hands, and companies deduct tax at source above the threshold set by law.',
      'You can see dividends received in your account statement once the company has paid them.',
    ],
    symbols: ['INFY', 'TCS'],
  },
  {
    hoursAgo: 170,
    title: 'Sampada Research: how we write these notes',
    summary:
      'Our notes describe what happened in the markets and what we are watching. They do not recommend buying or selling any security.',
    paragraphs: [
      'Sampada Research notes are written by the firm’s research desk to help clients follow the markets. They summarise publicly available information and explain the indicators we track.',
      'Any decision to buy or sell should take into account your own goals, time horizon and risk tolerance. Your advisor is the right person to discuss that with.',
    ],
    symbols: [],
  },
];

/** A simple line chart on a light card, drawn for the note's picture. */
async function drawChart(points: number[], colour: string): Promise<Buffer> {
  const width = 1200;
  const height = 630;
  const step = (width - 160) / (points.length - 1);
  const path = points
    .map((p, i) => `${i ? 'L' : 'M'}${80 + i * step},${height - 90 - p * 4.5}`)
    .join(' ');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="${width}" height="${height}" fill="#f5f8fc"/>
    <g stroke="#dde4ee" stroke-width="2">
      ${[0, 1, 2, 3, 4].map((i) => `<line x1="80" x2="${width - 80}" y1="${100 + i * 105}" y2="${100 + i * 105}"/>`).join('')}
    </g>
    <path d="${path}" fill="none" stroke="${colour}" stroke-width="10" stroke-linejoin="round" stroke-linecap="round"/>
    <text x="80" y="64" font-family="sans-serif" font-size="34" fill="#1c2b3a">Sampada Research</text>
  </svg>`;
  return (await loadSharp())(Buffer.from(svg)).png().toBuffer();
}

export async function seedDemoNews(
  news: NewsService,
  clock: Clock,
  staffId: string,
  actor: Actor,
): Promise<void> {
  const now = clock.now().getTime();
  // Oldest first, so that the audit log reads in the order the notes were "written".
  for (const note of [...NOTES].reverse()) {
    await news.seedPublished(
      {
        title: note.title,
        summary: note.summary,
        body: [...note.paragraphs, DISCLAIMER].join('\n\n'),
        symbols: note.symbols,
        source: 'Sampada Research',
      },
      {
        staffId,
        publishedAt: new Date(now - note.hoursAgo * HOUR),
        ...(note.chart ? { image: await drawChart(note.chart, note.colour ?? '#1c4e80') } : {}),
      },
      actor,
    );
  }
}
