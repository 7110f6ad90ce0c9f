// The built-in C/C++ highlighter's token classes (which highlighter a file
// gets is tst_highlighterrepository's subject).

#include <CppHighlighter.h>

#include <QTest>

using namespace rd;

namespace {

// "text:Token" for every span of every line, in order.
QStringList tokens(const QStringList &lines)
{
    CppHighlighter highlighter(false);
    QStringList out;
    for (const QString &line : lines) {
        QList<StyledSpan> spans;
        highlighter.highlightLine(line, spans);
        static const char *names[] = {"keyword", "type", "string", "char", "comment", "preprocessor", "number"};
        for (const StyledSpan &s : spans)
            out << line.mid(s.start, s.length) + QLatin1Char(':') + QString::fromLatin1(names[s.style]);
    }
    return out;
}

} // namespace

class HighlighterTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void linesSplitIntoTheExpectedTokenClasses_data();
    void linesSplitIntoTheExpectedTokenClasses();
    void handlesCAndCppFileNamesOnly();
    void stylesCoverEveryToken();
};

void HighlighterTest::linesSplitIntoTheExpectedTokenClasses_data()
{
    QTest::addColumn<QStringList>("lines");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("keywords and types") << QStringList{QStringLiteral("static const int x = 0;")}
                                        << QStringList{QStringLiteral("static:keyword"), QStringLiteral("const:keyword"), QStringLiteral("int:type"), QStringLiteral("0:number")};
    QTest::newRow("identifiers stay plain") << QStringList{QStringLiteral("interval = returnValue;")} << QStringList{};
    QTest::newRow("string with escaped quote") << QStringList{QStringLiteral("s = \"a \\\"b\\\" c\"; t = 1;")}
                                               << QStringList{QStringLiteral("\"a \\\"b\\\" c\":string"), QStringLiteral("1:number")};
    QTest::newRow("characters") << QStringList{QStringLiteral("c = '\\''; d = 'x';")}
                                << QStringList{QStringLiteral("'\\'':char"), QStringLiteral("'x':char")};
    QTest::newRow("line comment") << QStringList{QStringLiteral("return 1; // done")}
                                  << QStringList{QStringLiteral("return:keyword"), QStringLiteral("1:number"), QStringLiteral("// done:comment")};
    QTest::newRow("block comment across lines")
        << QStringList{QStringLiteral("int a; /* one"), QStringLiteral("two"), QStringLiteral("three */ int b;")}
        << QStringList{QStringLiteral("int:type"), QStringLiteral("/* one:comment"), QStringLiteral("two:comment"),
                       QStringLiteral("three */:comment"), QStringLiteral("int:type")};
    QTest::newRow("comment markers inside strings") << QStringList{QStringLiteral("p = \"// not /* a comment\";")}
                                                    << QStringList{QStringLiteral("\"// not /* a comment\":string")};
    QTest::newRow("preprocessor with continuation")
        << QStringList{QStringLiteral("#define MAX(a, b) \\"), QStringLiteral("    ((a) > (b) ? (a) : (b))"), QStringLiteral("int z;")}
        << QStringList{QStringLiteral("#define MAX(a, b) \\:preprocessor"), QStringLiteral("    ((a) > (b) ? (a) : (b)):preprocessor"),
                       QStringLiteral("int:type")};
    QTest::newRow("include") << QStringList{QStringLiteral("  #include <vector> // containers")}
                             << QStringList{QStringLiteral("#include <vector> :preprocessor"), QStringLiteral("// containers:comment")};
    QTest::newRow("numbers") << QStringList{QStringLiteral("x = 0x1Fu + 1'000 + 1.5e-3f + .5;")}
                             << QStringList{QStringLiteral("0x1Fu:number"), QStringLiteral("1'000:number"), QStringLiteral("1.5e-3f:number"), QStringLiteral(".5:number")};
    QTest::newRow("prefixed and raw strings") << QStringList{QStringLiteral("auto s = u8\"x\"; auto r = R\"(a\"b)\";")}
                                              << QStringList{QStringLiteral("auto:type"), QStringLiteral("u8\"x\":string"), QStringLiteral("auto:type"),
                                                             QStringLiteral("R\"(a\"b)\":string")};
    QTest::newRow("c++ keywords") << QStringList{QStringLiteral("template <typename T> class C final : public B {};")}
                                  << QStringList{QStringLiteral("template:keyword"), QStringLiteral("typename:keyword"), QStringLiteral("class:keyword"),
                                                 QStringLiteral("final:keyword"), QStringLiteral("public:keyword")};
}

void HighlighterTest::linesSplitIntoTheExpectedTokenClasses()
{
    QFETCH(QStringList, lines);
    QFETCH(QStringList, expected);
    QCOMPARE(tokens(lines), expected);
}

void HighlighterTest::handlesCAndCppFileNamesOnly()
{
    for (const char *name : {"a.c", "a.h", "a.cpp", "dir/a.CC", "a.hpp", "a.cxx", "a.inl"})
        QVERIFY2(CppHighlighter::handles(QString::fromLatin1(name)), name);
    for (const char *name : {"a.py", "Makefile", "a.cs", "README.md"})
        QVERIFY2(!CppHighlighter::handles(QString::fromLatin1(name)), name);
}

void HighlighterTest::stylesCoverEveryToken()
{
    for (bool dark : {false, true}) {
        const QList<TextStyle> styles = CppHighlighter(dark).styles();
        QCOMPARE(styles.size(), int(CppHighlighter::TokenCount));
        for (const TextStyle &style : styles) {
            QVERIFY(style.foreground.isValid());
            // Readable on the theme's background.
            QVERIFY(dark ? style.foreground.lightness() > 100 : style.foreground.lightness() < 160);
        }
    }
}

QTEST_GUILESS_MAIN(HighlighterTest)
#include "tst_highlighter.moc"
