#pragma once

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QSet>
#include <QString>
#include <QStringList>

namespace rd {

class SourceSnapshot;

// One statement of a function body, as the slicers see it: the lines it is
// shown with (a control structure: its header only), and the entities (by
// clang USR) it writes, reads and calls.
struct CodeStatement
{
    enum class Kind : quint8 { Plain, Control, Return, Declaration, Signature };
    Kind kind = Kind::Plain;
    int first = 0;
    int last = 0;      // own lines [first, last]
    int end = 0;       // last line of the whole statement (bodies included)
    int function = -1; // index into CodeModel::functions
    int parent = -1;   // the if/for/while/switch/case whose body holds it, or -1
    QList<int> closing; // lines shown with a control structure: `} else {`, `}`, `} while (c);`
    QSet<QString> writes;
    QSet<QString> reads;
    QSet<QString> calls;
    QSet<QString> declares;
};

struct CodeFunction
{
    QString name;
    int first = 0;
    int headerLast = 0; // last line of the signature
    int last = 0;
};

// Where an entity is declared, for snippets and reasons.
struct CodeDeclaration
{
    QString name;
    QByteArray file;     // repository path, empty outside the repository
    QString outsidePath; // absolute path when outside the repository
    int first = 0;
    int last = 0;
    bool isFunction = false;
    bool isLocal = false; // declared inside the function being sliced
};

// A declaration outside any function: class, struct, enum, global variable,
// or a #define.
struct CodeTopLevel
{
    QString name;
    int first = 0;
    int last = 0;
    bool isMacro = false;
};

// What libclang tells about one file of one commit. Parse errors never stop
// it: the counts are kept and whatever parsed is used.
struct CodeModel
{
    QList<CodeStatement> statements; // sorted by first line
    QList<CodeFunction> functions;
    QList<CodeTopLevel> topLevel;
    QHash<QString, CodeDeclaration> declarations; // by USR (object|field for a field of one object)
    QHash<QString, QList<int>> macroUses;          // macro name -> lines of this file that expand it
    int lineCount = 0;
    int errors = 0;
    int warnings = 0;
    QString parseFailure; // set when libclang produced no AST at all

    // The statement whose own lines hold `line` (the smallest), or -1.
    int statementAt(int line) const;
    // The smallest statement whose whole extent holds `line` (a control
    // structure holds its body), or -1.
    int enclosingStatementAt(int line) const;
    int functionAt(int line) const;
    int topLevelAt(int line) const;
    // Builds the line tables the look-ups above use: call once when the
    // lists are complete (buildCodeModel does).
    void index();

private:
    QList<int> m_statementAt, m_enclosingAt, m_functionAt, m_topLevelAt; // by line
};

// Parses `repositoryPath` inside `snapshot` with `flags` and builds its model.
// The file (and what it includes) must have been prepared in the snapshot.
CodeModel buildCodeModel(const SourceSnapshot &snapshot, const QByteArray &repositoryPath, const QStringList &flags);

} // namespace rd
