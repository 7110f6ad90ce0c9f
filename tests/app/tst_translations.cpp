// Every user-visible string is translated: the committed .ts files cover
// exactly what lupdate finds in the sources, with every message (and plural
// form) filled and its placeholders kept.

#include <QDir>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <RunProcess.h>
#include <QXmlStreamReader>

namespace {

struct Message
{
    QString context, source;
    bool numerus = false;
    bool unfinished = false;
    QStringList translations;
};

QList<Message> readTs(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    QList<Message> out;
    QXmlStreamReader xml(&file);
    QString context;
    Message current;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        const auto name = xml.name();
        if (name == QLatin1String("name")) {
            context = xml.readElementText();
        } else if (name == QLatin1String("message")) {
            current = Message{context, {}, xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes"), false, {}};
        } else if (name == QLatin1String("source")) {
            current.source = xml.readElementText();
        } else if (name == QLatin1String("translation")) {
            current.unfinished = xml.attributes().value(QLatin1String("type")) == QLatin1String("unfinished");
            if (current.numerus) {
                while (xml.readNextStartElement())
                    current.translations << xml.readElementText();
            } else {
                current.translations << xml.readElementText();
            }
            out << current;
        }
    }
    if (xml.hasError())
        qFatal("%s: %s", qPrintable(path), qPrintable(xml.errorString()));
    return out;
}

QSet<QString> placeholders(const QString &text)
{
    static const QRegularExpression re(QStringLiteral("%(\\d+|n)"));
    QSet<QString> found;
    for (const auto &m : re.globalMatch(text))
        found.insert(m.captured());
    return found;
}

} // namespace

class TranslationsTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void zhCnIsComplete();
    void englishPluralsAreComplete();
    void filesMatchTheSources();
};

void TranslationsTest::zhCnIsComplete()
{
    const QList<Message> messages = readTs(QStringLiteral(REVIEWDESK_SOURCE_DIR "/translations/reviewdesk_zh_CN.ts"));
    QVERIFY(messages.size() > 50);
    for (const Message &m : messages) {
        QVERIFY2(!m.unfinished, qPrintable(m.source));
        QCOMPARE(m.translations.size(), 1); // Chinese has one plural form
        QVERIFY2(!m.translations.first().isEmpty(), qPrintable(m.source));
        QCOMPARE(placeholders(m.translations.first()), placeholders(m.source));
        // Menu mnemonics survive translation.
        if (m.source.contains(QLatin1Char('&')) && !m.source.contains(QLatin1String("&lt;")))
            QVERIFY2(m.translations.first().contains(QLatin1Char('&')), qPrintable(m.source));
    }
}

void TranslationsTest::englishPluralsAreComplete()
{
    const QList<Message> messages = readTs(QStringLiteral(REVIEWDESK_SOURCE_DIR "/translations/reviewdesk_en.ts"));
    QVERIFY(!messages.isEmpty());
    for (const Message &m : messages) {
        QVERIFY(m.numerus);
        QVERIFY2(!m.unfinished, qPrintable(m.source));
        QCOMPARE(m.translations.size(), 2);
        QVERIFY(!m.translations[0].contains(QLatin1String("(s)")));
        QVERIFY(!m.translations[1].contains(QLatin1String("(s)")));
    }
}

// lupdate, run now on the sources, finds exactly the committed messages: a
// new string without a translation fails here.
void TranslationsTest::filesMatchTheSources()
{
    QTemporaryDir dir;
    const QString fresh = dir.filePath(QStringLiteral("fresh_zh_CN.ts"));
    QProcess lupdate;
    lupdate.setWorkingDirectory(QStringLiteral(REVIEWDESK_SOURCE_DIR));
    lupdate.start(QStringLiteral(LUPDATE_EXECUTABLE),
                  {QStringLiteral("-no-obsolete"), QStringLiteral("-locations"), QStringLiteral("none"), QStringLiteral("models"),
                   QStringLiteral("slicing"), QStringLiteral("pipeline"), QStringLiteral("widgets"), QStringLiteral("app/gui"), QStringLiteral("-ts"), fresh});
    QVERIFY(rd::test::waitForExit(lupdate, QDeadlineTimer(120000)));
    QCOMPARE(lupdate.exitCode(), 0);
    auto keys = [](const QList<Message> &messages) {
        QStringList out;
        for (const Message &m : messages)
            out << m.context + QLatin1Char('|') + m.source;
        out.sort();
        return out;
    };
    const QStringList expected = keys(readTs(fresh));
    const QStringList committed = keys(readTs(QStringLiteral(REVIEWDESK_SOURCE_DIR "/translations/reviewdesk_zh_CN.ts")));
    for (const QString &k : expected)
        QVERIFY2(committed.contains(k), qPrintable(QStringLiteral("not in the .ts (run scripts/update-translations.py): ") + k));
    QCOMPARE(committed, expected);
}

QTEST_GUILESS_MAIN(TranslationsTest)
#include "tst_translations.moc"
