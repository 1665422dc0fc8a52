/** Feed documents for the tests: RSS 2.0 and Atom as publishers write them, and broken ones. */
export const RSS_FEED = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/">
  <channel>
    <title>Example Markets</title>
    <link>https://markets.example.in/</link>
    <description>Market news</description>
    <item>
      <title>Sensex ends higher &amp; Nifty gains</title>
      <link>https://markets.example.in/story/1</link>
      <guid isPermaLink="false">story-1</guid>
      <pubDate>Mon, 02 Mar 2026 10:30:00 +0530</pubDate>
      <description><![CDATA[<p>Benchmarks <b>rose</b> in late trade.</p><p>Banks led&nbsp;gains.</p><script>alert(1)</script>]]></description>
    </item>
    <item>
      <title>Rupee steady against the dollar</title>
      <link>https://markets.example.in/story/2</link>
      <guid>https://markets.example.in/story/2</guid>
      <pubDate>Mon, 02 Mar 2026 09:00:00 +0530</pubDate>
      <description>&lt;p&gt;The rupee was little changed.&lt;/p&gt;</description>
      <content:encoded><![CDATA[<p>The rupee was little changed.</p><p>Traders cited steady flows.</p>]]></content:encoded>
    </item>
    <item>
      <description>An item without a title is skipped.</description>
    </item>
  </channel>
</rss>`;

export const ATOM_FEED = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title>Example Economy</title>
  <id>urn:uuid:60a76c80-d399-11d9-b93c-0003939e0af6</id>
  <updated>2026-03-02T06:00:00Z</updated>
  <entry>
    <title type="html">GDP data &lt;em&gt;due&lt;/em&gt; on Friday</title>
    <link rel="alternate" href="https://economy.example.in/gdp"/>
    <link rel="enclosure" href="https://economy.example.in/gdp.mp3"/>
    <id>urn:uuid:1225c695-cfb8-4ebb-aaaa-80da344efa6a</id>
    <updated>2026-03-02T05:00:00Z</updated>
    <summary>Economists expect steady growth.</summary>
  </entry>
  <entry>
    <title>Bond yields flat</title>
    <link href="https://economy.example.in/bonds"/>
    <id>tag:economy.example.in,2026:bonds</id>
    <published>2026-03-01T12:00:00Z</published>
    <updated>2026-03-01T13:00:00Z</updated>
    <content type="html">&lt;p&gt;Yields were unchanged.&lt;/p&gt;&lt;p&gt;Second paragraph.&lt;/p&gt;</content>
  </entry>
</feed>`;

export const MALFORMED_FEED = `<?xml version="1.0"?><rss version="2.0"><channel><item><title>Broken</item></channel>`;

export const NOT_A_FEED = `<?xml version="1.0"?><html><body>Not a feed</body></html>`;
