#include <GitSimilarity.h>

#include <QTest>

using namespace rd;

class GitSimilarityTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void identicalFilesAreFullySimilar();
    void crlfIsTheSameMaterialAsLf();
    void scoreIsSharedLineBytesOverLargerFile();
    void sizesTooFarApartNeverMatch();
    void emptyAndSpecialFilesNeverMatch();
    void similarityIsTheSameInBothDirections();

private:
    static int similarity(const QByteArray &a, const QByteArray &b, int minimum = 50)
    {
        return gitSimilarity(spanSignature(a.constData(), a.size(), true), spanSignature(b.constData(), b.size(), true), minimum);
    }
    static QByteArray numbered(int n)
    {
        QByteArray out;
        for (int i = 1; i <= n; ++i)
            out += "this is line number " + QByteArray::number(i) + '\n';
        return out;
    }
};

void GitSimilarityTest::identicalFilesAreFullySimilar()
{
    QCOMPARE(similarity(numbered(50), numbered(50)), 100);
}

void GitSimilarityTest::crlfIsTheSameMaterialAsLf()
{
    QByteArray crlf = numbered(50);
    crlf.replace("\n", "\r\n");
    // Material counts without the CR, the size with it: 100 * lf / crlf.
    const int expected = static_cast<int>(numbered(50).size() * 100 / crlf.size());
    QCOMPARE(similarity(numbered(50), crlf), expected);
    // In binary content CR is just a byte.
    QByteArray binary = crlf;
    binary.prepend(QByteArray(1, '\0'));
    QVERIFY(similarity(binary, numbered(50).prepend(QByteArray(1, '\0'))) < expected);
}

void GitSimilarityTest::scoreIsSharedLineBytesOverLargerFile()
{
    const QByteArray a = numbered(100);
    QByteArray b = a;
    const QByteArray removed = "this is line number 40\n";
    const QByteArray added = "a different and somewhat longer line 40\n";
    b.replace(removed, added);
    const qsizetype shared = a.size() - removed.size();
    QCOMPARE(similarity(a, b), static_cast<int>(shared * 100 / b.size()));
    // Lines longer than 64 bytes are cut into 64-byte chunks.
    const QByteArray longLine = QByteArray(64, 'x') + QByteArray(36, 'y') + '\n';
    QCOMPARE(similarity(longLine + a, longLine + a), 100);
}

void GitSimilarityTest::sizesTooFarApartNeverMatch()
{
    const QByteArray small = numbered(10);
    const QByteArray big = small + small + small; // a third shared: more than half the size differs
    QCOMPARE(similarity(small, big), 0);
    // At a 20% threshold the size rule lets it through and the score shows.
    QCOMPARE(similarity(small, big, 20), 33);
}

void GitSimilarityTest::emptyAndSpecialFilesNeverMatch()
{
    QCOMPARE(similarity(QByteArray(), QByteArray()), 0);
    QCOMPARE(similarity(QByteArray(), numbered(3)), 0);
    const QByteArray text = numbered(5);
    QCOMPARE(gitSimilarity(spanSignature(text.constData(), text.size(), false), spanSignature(text.constData(), text.size(), true), 50), 0);
}

void GitSimilarityTest::similarityIsTheSameInBothDirections()
{
    QByteArray b = numbered(80);
    b.replace("number 7\n", "number seven\n").append("tail\n");
    QCOMPARE(similarity(numbered(80), b), similarity(b, numbered(80)));
}

QTEST_GUILESS_MAIN(GitSimilarityTest)
#include "tst_gitsimilarity.moc"
