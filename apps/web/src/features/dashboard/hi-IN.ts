/** The dashboard in Hindi; fetched only when Hindi is chosen. */
export default {
  title: 'होम',
  greeting: 'नमस्ते, {{name}}',
  assets: {
    title: 'आपकी संपत्ति',
    total: 'कुल संपत्ति',
    available: 'उपलब्ध नकद',
    onHold: 'होल्ड पर',
    holdings: 'होल्डिंग्स का मूल्य',
    pnl: 'अप्राप्त लाभ/हानि',
    unavailable: 'संपत्ति के आँकड़े अभी उपलब्ध नहीं हैं।',
  },
  watchlist: {
    title: 'वॉचलिस्ट',
    empty: 'आपकी वॉचलिस्ट में अभी कुछ नहीं है। कोई स्टॉक खोलें और "वॉचलिस्ट में जोड़ें" चुनें।',
  },
  movers: { title: 'सबसे ज़्यादा बदलाव' },
  headlines: {
    title: 'ताज़ा सुर्खियाँ',
    empty: 'अभी तक कोई समाचार प्रकाशित नहीं हुआ है।',
  },
};
