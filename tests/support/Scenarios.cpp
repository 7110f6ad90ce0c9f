#include "Scenarios.h"

#include <stdexcept>

namespace rd::test {

QByteArray cppSource(int functions, const QByteArray &tweakFunction, const QByteArray &tweak)
{
    QByteArray out = "#include <vector>\n\nnamespace demo {\n\n";
    for (int i = 0; i < functions; ++i) {
        const QByteArray name = "compute" + QByteArray::number(i);
        out += "int " + name + "(const std::vector<int> &values)\n{\n    int total = 0;\n"
               "    for (int v : values)\n        total += v * " + QByteArray::number(i + 1) + ";\n";
        if (name == tweakFunction)
            out += tweak;
        out += "    return total;\n}\n\n";
    }
    return out + "} // namespace demo\n";
}

namespace {

QByteArray lines(int from, int to, const QByteArray &prefix = "line ")
{
    QByteArray out;
    for (int i = from; i <= to; ++i)
        out += prefix + QByteArray::number(i) + '\n';
    return out;
}

using Tree = FixtureRepo::Tree;

// The common shape: one commit on main, feature forks from it.
void fork(FixtureRepo &repo, const Tree &base, const Tree &head, const QByteArray &message = "Change things\n")
{
    const QByteArray root = repo.commit("main", base, "Initial import\n");
    repo.commit("feature", head, message, {root});
}

QList<Scenario> buildScenarios()
{
    QList<Scenario> list;

    list.append({"modified", [](FixtureRepo &r) {
        Tree base{{"src/compute.cpp", file(cppSource(12))}, {"README", file("readme\n")}};
        Tree head = base;
        head["src/compute.cpp"] = file(cppSource(12, "compute3", "    if (total < 0)\n        total = 0;\n")
                                           .replace("total += v * 9;", "total += v * 90;"));
        fork(r, base, head, "Clamp compute3 at zero\n\nNegative totals broke the report.\nSee issue 12.\n");
    }});

    list.append({"added-deleted", [](FixtureRepo &r) {
        Tree base{{"gone.txt", file(lines(1, 20))}, {"gone-empty", file("")}, {"stays.txt", file("same\n")}};
        Tree head{{"new.txt", file(lines(1, 5, "new "))}, {"new-empty", file("")}, {"z-empty", file("")}, {"stays.txt", file("same\n")},
                  {"dir/sub/deep.txt", file("deep\n")}};
        fork(r, base, head);
    }});

    list.append({"renames", [](FixtureRepo &r) {
        const QByteArray big = lines(1, 200);
        QByteArray edited = big;
        edited.replace("line 100\n", "line one hundred\n").replace("line 150\n", "");
        Tree base{{"exact/a.txt", file(big + "a\n")}, {"edited/b.txt", file(big + "b\n")},
                  {"moded/c.sh", file(big + "c\n")}, {"unrelated.txt", file(lines(1, 30, "x "))}};
        Tree head{{"moved/a.txt", file(big + "a\n")}, {"edited/b2.txt", file(edited + "b\n")},
                  {"moded/c2.sh", executable(big + "c\n")}, {"unrelated-new.txt", file(lines(1, 30, "y "))}};
        fork(r, base, head);
    }});

    list.append({"copies", [](FixtureRepo &r) {
        const QByteArray big = lines(1, 120);
        Tree base{{"orig.txt", file(big)}};
        QByteArray changed = big;
        changed.replace("line 7\n", "line seven\n");
        Tree head{{"orig.txt", file(changed)}, {"copy.txt", file(big + "extra\n")}};
        fork(r, base, head);
    }});

    list.append({"binary", [](FixtureRepo &r) {
        QByteArray blob("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16);
        Tree base{{"img/logo.png", file(blob + QByteArray(3000, 'a'))}, {"old.bin", file(QByteArray("a\0b", 3))},
                  {"moved.bin", file(QByteArray("same\0bytes", 10))}};
        Tree head{{"img/logo.png", file(blob + QByteArray(3000, 'b'))}, {"new.bin", file(QByteArray("\0\1\2\3", 4))},
                  {"renamed.bin", file(QByteArray("same\0bytes", 10))}};
        fork(r, base, head);
    }});

    list.append({"modes", [](FixtureRepo &r) {
        Tree base{{"run.sh", file("#!/bin/sh\necho hi\n")}, {"tool.sh", file("#!/bin/sh\necho a\n")},
                  {"script.sh", executable("#!/bin/sh\n")}};
        Tree head{{"run.sh", executable("#!/bin/sh\necho hi\n")}, {"tool.sh", executable("#!/bin/sh\necho b\n")},
                  {"script.sh", file("#!/bin/sh\n")}};
        fork(r, base, head);
    }});

    list.append({"typechange", [](FixtureRepo &r) {
        Tree base{{"config", file("key=value\n")}, {"current", symlink("config")}, {"keep", file("k\n")}};
        Tree head{{"config", symlink("keep")}, {"current", file("now a file\n")}, {"keep", file("k\n")}};
        fork(r, base, head);
    }});

    list.append({"submodule", [](FixtureRepo &r) {
        const QByteArray one = "1111111111111111111111111111111111111111";
        const QByteArray two = "2222222222222222222222222222222222222222";
        Tree base{{"libs/changed", submodule(one)}, {"libs/removed", submodule(one)}, {"file", file("f\n")}};
        Tree head{{"libs/changed", submodule(two)}, {"libs/added", submodule(two)}, {"file", file("f\n")}};
        fork(r, base, head);
    }});

    list.append({"no-newline", [](FixtureRepo &r) {
        Tree base{{"gains.txt", file("a\nb")}, {"loses.txt", file("a\nb\n")}, {"both.txt", file("x\ny")},
                  {"only-old.txt", file("last")}};
        Tree head{{"gains.txt", file("a\nb\n")}, {"loses.txt", file("a\nb")}, {"both.txt", file("x\nz")},
                  {"only-new.txt", file("first")}};
        fork(r, base, head);
    }});

    list.append({"crlf", [](FixtureRepo &r) {
        Tree base{{"win.txt", file("one\r\ntwo\r\nthree\r\n")}, {"mixed.txt", file("a\r\nb\nc\r\n")}};
        Tree head{{"win.txt", file("one\r\nTWO\r\nthree\r\n")}, {"mixed.txt", file("a\r\nb\r\nc\n")}};
        fork(r, base, head);
    }});

    list.append({"non-utf8", [](FixtureRepo &r) {
        Tree base{{"latin1.txt", file("caf\xe9\nna\xefve\n")}, {QByteArray("na\xefve-name.txt"), file("x\n")},
                  {"sp ace.txt", file("s\n")}, {"tab\tname", file("t\n")}, {"quo\"te", file("q\n")},
                  {"back\\slash", file("b\n")}, {"\xe6\x97\xa5\xe6\x9c\xac.txt", file("ja\n")}};
        Tree head{{"latin1.txt", file("caf\xe9\nna\xefve!\n\xff\xfe\n")}, {QByteArray("na\xefve-name.txt"), file("y\n")},
                  {"sp ace.txt", file("s2\n")}, {"tab\tname", file("t2\n")}, {"quo\"te", file("q2\n")},
                  {"back\\slash", file("b2\n")}, {"\xe6\x97\xa5\xe6\x9c\xac.txt", file("ja2\n")},
                  {"new space.txt", file("n\n")}};
        fork(r, base, head);
    }});

    list.append({"long-lines", [](FixtureRepo &r) {
        const QByteArray wide(150001, 'w');
        QByteArray wider = wide;
        wider[75000] = 'X';
        Tree base{{"wide.txt", file("before\n" + wide + "\nafter\n")}};
        Tree head{{"wide.txt", file("before\n" + wider + "\nafter\n")}, {"huge.txt", file(QByteArray(200000, 'h') + "\n")}};
        fork(r, base, head);
    }});

    list.append({"base-moved-on", [](FixtureRepo &r) {
        Tree base{{"shared.txt", file(lines(1, 10))}, {"target-only.txt", file("t\n")}};
        const QByteArray root = r.commit("main", base, "Initial import\n");
        Tree head = base;
        head["shared.txt"] = file(lines(1, 10).replace("line 3\n", "line three\n"));
        head["feature.txt"] = file("feature work\n");
        r.commit("feature", head, "Feature work\n", {root});
        Tree moved = base;
        moved["target-only.txt"] = file("target moved on\n");
        moved["shared.txt"] = file(lines(1, 10).replace("line 9\n", "line nine\n"));
        moved["main-only.txt"] = file("main\n");
        r.commit("main", moved, "Main moves on\n");
    }});

    list.append({"empty-diff", [](FixtureRepo &r) {
        Tree base{{"same.txt", file("same\n")}};
        fork(r, base, base, "Empty change\n");
    }});

    list.append({"many-files", [](FixtureRepo &r) {
        Tree base, head;
        for (int i = 0; i < 60; ++i) {
            const QByteArray path = "pkg" + QByteArray::number(i % 4) + "/mod" + QByteArray::number(i) + ".cpp";
            base[path] = file(cppSource(6));
            head[path] = i % 3 == 0 ? file(cppSource(6, "compute" + QByteArray::number(i % 6), "    total -= 1;\n")) : base[path];
        }
        fork(r, base, head);
    }});

    list.append({"indent-heuristic", [](FixtureRepo &r) {
        const QByteArray before = "void a()\n{\n    one();\n}\n\nvoid c()\n{\n    three();\n}\n";
        const QByteArray after = "void a()\n{\n    one();\n}\n\nvoid b()\n{\n    two();\n}\n\nvoid c()\n{\n    three();\n}\n";
        Tree base{{"f.c", file(before)}};
        Tree head{{"f.c", file(after)}};
        fork(r, base, head);
    }});

    // git cuts the function line of a hunk header to 80 bytes and only then
    // trims the whitespace it counts (space, tab, CR, LF) from the end.
    list.append({"function-context", [](FixtureRepo &r) {
        QList<QByteArray> functions{
            "int " + QByteArray(74, 'a') + "  y(void)",               // bytes 79 and 80 are spaces
            "int " + QByteArray(75, 'b') + "\tz(void)",               // byte 80 is a tab
            "int " + QByteArray(74, 'c') + " \t zz(void)",            // space, tab, space around the cut
            "int " + QByteArray(76, 'd'),                             // exactly 80 bytes
            "int " + QByteArray(76, 'e') + "    ",                    // 80 bytes, then trailing spaces
            "int " + QByteArray(75, 'f') + " ",                       // 80 bytes ending in a space
            "x" + QByteArray(90, ' ') + "y",                          // only spaces after the first byte
            "int " + QByteArray(75, 'g') + "\xe6\x97\xa5(void)",      // a UTF-8 character cut after its 1st byte
            "int " + QByteArray(73, 'h') + "\xc3\xa9 (void)",         // a UTF-8 character, then a space at 80
            "int form_feed(void)\f",                                  // git keeps a form feed
            "int form_feed_space(void) \f  ",                         // ... and what is before it
            "int vertical_tab(void)\v",                               // and a vertical tab
            "int crlf_line(void)  \r",                                // CR of a CRLF line, spaces
            "int " + QByteArray(75, 'i') + "\r",                      // CR at byte 80
            "_underscore_start(void)" + QByteArray(70, ' ') + "tail", // an identifier may start with _
            "$dollar_start(void)\t\t",                                // or $
        };
        QByteArray before, after;
        for (qsizetype i = 0; i < functions.size(); ++i) {
            QByteArray body = functions[i] + "\n{\n";
            for (int line = 0; line < 8; ++line)
                body += "    step_" + QByteArray::number(i) + "_" + QByteArray::number(line) + "();\n";
            body += "}\n\n";
            before += body;
            const QByteArray step = "step_" + QByteArray::number(i) + "_6();";
            after += body.replace(step, QByteArray("changed_" + QByteArray::number(i) + "();"));
        }
        Tree base{{"cut.c", file(before)}};
        Tree head{{"cut.c", file(after)}};
        fork(r, base, head);
    }});

    return list;
}

} // namespace

const QList<Scenario> &scenarios()
{
    static const QList<Scenario> list = buildScenarios();
    return list;
}

std::map<QByteArray, QString> buildScenarios(const QString &root, const QList<QByteArray> &names)
{
    std::map<QByteArray, QString> paths;
    for (const Scenario &s : scenarios()) {
        if (!names.isEmpty() && !names.contains(s.name))
            continue;
        const QString dir = root + QLatin1Char('/') + QString::fromLatin1(s.name);
        FixtureRepo repo(dir);
        s.build(repo);
        paths[s.name] = dir;
    }
    return paths;
}

const Scenario &scenario(const QByteArray &name)
{
    for (const Scenario &s : scenarios())
        if (s.name == name)
            return s;
    throw std::runtime_error("no scenario named " + name.toStdString());
}

} // namespace rd::test
