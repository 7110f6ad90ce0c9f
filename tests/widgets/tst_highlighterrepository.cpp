// HighlighterRepository: which highlighter a file gets in this build, and
// the name of the backend. Both builds run it: without KSyntaxHighlighting
// (Debian 12) and with it (scripts/test-trixie.sh, Debian 13).

#include <DiffDocument.h>
#include <HighlighterRepository.h>

#include <QTest>

using namespace rd;

namespace {

// The style of the span covering the first occurrence of `word` in a line of
// `text`, or null when the word is plain.
const TextStyle *styleAt(const SideText &text, const QList<TextStyle> &styles, int line, const QString &word)
{
    const int column = static_cast<int>(text.line(line).indexOf(word));
    for (const StyledSpan &s : text.spansOf(line))
        if (column >= s.start && column < s.start + s.length)
            return &styles[s.style];
    return nullptr;
}

} // namespace

class HighlighterRepositoryTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cppFileGetsKeywordsCommentsAndStringsStyled();
    void darkBackgroundGetsOtherColoursThanLight();
    void fileNoDefinitionKnowsStaysPlain();
    void backendNameAndOtherLanguagesFollowTheBuild();
};

// Whichever backend this build has, C++ keywords, comments and strings get
// styles, comments and strings differ, and plain identifiers are not bold.
void HighlighterRepositoryTest::cppFileGetsKeywordsCommentsAndStringsStyled()
{
    const QByteArray source = "// comment\nint main() { return \"s\" != nullptr; }\n";
    auto highlighter = HighlighterRepository::forFile(QStringLiteral("main.cpp"), false);
    QVERIFY(highlighter);
    const SideText text = buildSideText(source, highlighter.get(), 4);
    const QList<TextStyle> styles = highlighter->styles();
    QVERIFY(styleAt(text, styles, 1, QStringLiteral("comment")));
    QVERIFY(styleAt(text, styles, 2, QStringLiteral("return")));
    QVERIFY(styleAt(text, styles, 2, QStringLiteral("\"s\"")));
    const TextStyle *main = styleAt(text, styles, 2, QStringLiteral("main"));
    QVERIFY(!main || !main->bold);
    QVERIFY(styleAt(text, styles, 1, QStringLiteral("comment"))->foreground
            != styleAt(text, styles, 2, QStringLiteral("\"s\""))->foreground);
}

void HighlighterRepositoryTest::darkBackgroundGetsOtherColoursThanLight()
{
    const QByteArray source = "return 0;\n";
    QList<QColor> keyword;
    for (bool dark : {false, true}) {
        auto highlighter = HighlighterRepository::forFile(QStringLiteral("main.cpp"), dark);
        const SideText text = buildSideText(source, highlighter.get(), 4);
        // styleAt() points into the list: keep it alive past the statement.
        const QList<TextStyle> styles = highlighter->styles();
        const TextStyle *style = styleAt(text, styles, 1, QStringLiteral("return"));
        QVERIFY(style);
        keyword << style->foreground;
    }
    QVERIFY2(keyword[0] != keyword[1], qPrintable(keyword[0].name()));
    QVERIFY(keyword[1].lightness() > keyword[0].lightness()); // light text on a dark background
}

void HighlighterRepositoryTest::fileNoDefinitionKnowsStaysPlain()
{
    auto highlighter = HighlighterRepository::forFile(QStringLiteral("notes.rdq-unknown"), false);
    QVERIFY(highlighter); // a highlighter for every file, so callers need no null check
    const SideText text = buildSideText("int x = 0; // not code here\n", highlighter.get(), 4);
    QVERIFY(text.spans.isEmpty());
    QVERIFY(highlighter->styles().isEmpty());
}

void HighlighterRepositoryTest::backendNameAndOtherLanguagesFollowTheBuild()
{
    auto python = HighlighterRepository::forFile(QStringLiteral("tool.py"), false);
    const SideText py = buildSideText("def f():\n    return 1  # one\n", python.get(), 4);
#ifdef REVIEWDESK_HAVE_KSYNTAXHIGHLIGHTING
    QCOMPARE(HighlighterRepository::backendName(), QStringLiteral("KSyntaxHighlighting"));
    // KSyntaxHighlighting knows languages the built-in one does not.
    QVERIFY(!py.spans.isEmpty());
#else
    QCOMPARE(HighlighterRepository::backendName(), QStringLiteral("built-in"));
    QVERIFY(py.spans.isEmpty());
#endif
}

QTEST_GUILESS_MAIN(HighlighterRepositoryTest)
#include "tst_highlighterrepository.moc"
